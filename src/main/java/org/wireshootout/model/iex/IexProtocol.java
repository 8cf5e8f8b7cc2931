package org.wireshootout.model.iex;

/** The IEX-TP message protocols this project decodes, by the protocol id in the segment header. */
public enum IexProtocol {
    TOPS_1_6(0x8003, "TOPS 1.6"),
    DEEP_1_0(0x8004, "DEEP 1.0");

    private final int id;
    private final String displayName;

    IexProtocol(int id, String displayName) {
        this.id = id;
        this.displayName = displayName;
    }

    /** The message protocol id of the IEX-TP segment header. */
    public int id() { return id; }

    /** "DEEP 1.0" or "TOPS 1.6". */
    public String displayName() { return displayName; }

    /** The protocol with this id, or null. */
    public static IexProtocol of(int id) {
        if (id == 0x8003) return TOPS_1_6;
        if (id == 0x8004) return DEEP_1_0;
        return null;
    }
}
