package org.wireshootout.model.evolution;

/**
 * One way version 2 of the six-field message differs from version 1: the changes users make to a live
 * message. Each change is tested alone (version 2 is version 1 plus exactly this change), in both directions.
 */
public enum Change {
    addField("v2 adds an int32 field `venue` (default 0) after the six fields; the new writer sends venue 7"),
    removeSmallInt("v2 drops `smallInt`; an old reader should see its default (0)"),
    renameField("v2 calls `smallInt` `quantity`: same type, same place, same number where the format numbers fields"),
    reorderFields("v2 declares the fields in reverse order (longInt, smallInt, side, text, flag, price),"
            + " keeping any field numbers the schema gives"),
    widenSmallInt("v2 declares `smallInt` as int64; the old writer sends 123, the new writer 4294967419 (2^32 + 123),"
            + " which an int32 reader cannot hold"),
    newSideValue("v2's `side` enum gains `Short`; the old writer sends Sell, the new writer Short, which v1 has no constant for");

    private final String what;

    Change(String what) {
        this.what = what;
    }

    /** One line saying what version 2 is under this change and what each writer sends. */
    public String what() {
        return what;
    }

    /** The smallInt the new writer sends: beyond int32 under {@link #widenSmallInt}, so an old reader cannot hold it. */
    public long v2SmallInt() {
        return this == widenSmallInt ? (1L << 32) + 123 : 123;
    }
}
