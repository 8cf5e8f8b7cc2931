package org.wireshootout.schema;

/** One thing wrong with a schema, and where: printed as {@code file:line:column: what}. */
public record SchemaProblem(Location location, String message) {

    @Override
    public String toString() {
        return location + ": " + message;
    }
}
