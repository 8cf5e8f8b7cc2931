package org.wireshootout.schema;

import java.io.IOException;
import java.nio.file.Path;

/** Reads a schema of any kind the project takes, by its file name: SBE XML, a .proto, or the schema language. */
public final class Schemas {
    /** The file name ending of the project's schema language. */
    public static final String EXTENSION = ".schema";

    private Schemas() {
    }

    /** {@code .xml}: an SBE message schema; {@code .proto}: a protobuf file (via protoc); anything else: the schema language. */
    public static Schema load(Path file) throws IOException, SchemaException {
        String name = file.getFileName().toString();
        if (name.endsWith(".xml")) return SbeImporter.importFile(file);
        if (name.endsWith(".proto")) return ProtoImporter.importFile(file);
        return SchemaParser.parse(file);
    }
}
