package org.wireshootout.schema;

import java.util.List;

/** Several message types in one stream, told apart by their ids (as IEX's type byte tells its messages apart). */
public record UnionDef(String name, List<MessageDef> members, Location location) {

    public UnionDef {
        members = List.copyOf(members);
    }
}
