package org.wireshootout.evolution;

/** Which side of a rolling upgrade runs the new code. */
public enum Direction {
    /** The old writer (version 1) sends, the new reader (version 2) reads: the consumers were upgraded first. */
    oldToNew("old writer → new reader"),
    /** The new writer (version 2) sends, the old reader (version 1) reads: the producers were upgraded first. */
    newToOld("new writer → old reader");

    private final String label;

    Direction(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
