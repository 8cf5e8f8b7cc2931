package org.wireshootout.schema;

import java.util.List;

/** A named bit set: an unsigned encoding and named choices, each a distinct bit position within it. */
public record SetDef(String name, Primitive encoding, List<Choice> choices, Location location) {

    public SetDef {
        choices = List.copyOf(choices);
    }

    /** One named choice: the bit it sets (0 is the lowest). */
    public record Choice(String name, int bit, Location location) {
    }
}
