package org.wireshootout.model;

/**
 * The keys of the six {@link Data} fields, in encoding order, each with the numeric id that formats with
 * numeric field tags (Chronicle numeric fields, Protobuf, Cap'n Proto ordinals) use for it.
 */
public enum DataFields {
    price(1), flag(2), text(3), side(4), smallInt(5), longInt(6);

    private final int code;

    DataFields(int code) {
        this.code = code;
    }

    /** The numeric field id, 1 to 6. */
    public int code() {
        return code;
    }
}
