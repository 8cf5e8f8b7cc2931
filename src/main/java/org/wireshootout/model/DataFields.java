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

    private static final DataFields[] BY_CODE = new DataFields[7];

    static {
        for (DataFields f : values()) BY_CODE[f.code] = f;
    }

    /** The key with this numeric id, or null when there is none. */
    public static DataFields ofCode(int code) {
        return code > 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
