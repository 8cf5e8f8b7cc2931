package org.wireshootout.generator.spi;

import org.wireshootout.schema.Field;
import org.wireshootout.schema.SharedName;

import java.util.List;
import java.util.function.Function;

/**
 * Two fields of one record that a library's own code generator would give the same name. A backend says which
 * names its tool's Java declares for a field (its accessor and the companions the tool adds, such as flatc's
 * {@code <x>Length()} of a vector or protoc's {@code get<X>Count()} of a repeated field); when two fields share one,
 * the tool refuses the schema or writes Java that does not compile, so the library cannot carry the message.
 */
public final class NameClashes {
    private NameClashes() {
    }

    /**
     * The first name two of {@code fields} share, as the reason the library cannot carry them, or null.
     *
     * @param tool     the tool, as the reason names it ("flatc 2.0.8's Java")
     * @param owner    the message or composite holding the fields
     * @param declared the names the tool declares for a field, as the reason shows them ({@code "legsCount()"},
     *                 {@code "the proto name a_b"})
     */
    public static String first(String tool, String owner, List<Field> fields, Function<Field, List<String>> declared) {
        List<SharedName> shared = SharedName.all(fields, declared);
        if (shared.isEmpty()) return null;
        SharedName c = shared.get(0);
        return "fields " + owner + "." + c.earlier().name() + " and " + c.later().name() + ": " + tool + " gives both " + c.name()
                + ", so it cannot tell them apart (rename one to have this row)";
    }
}
