package org.wireshootout.schema;

/** A field of a message or composite: its name, type, whether it may be absent, and where it was written. */
public record Field(String name, Type type, boolean optional, Location location) {
}
