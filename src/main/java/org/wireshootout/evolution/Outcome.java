package org.wireshootout.evolution;

/** The fixed scale every cell of the evolution matrix is graded on. */
public enum Outcome {
    /** Every field the reader has holds what was sent; a field the writer lacks reads as its default, one the reader lacks is skipped. */
    readsCorrectly("reads correctly"),
    /** The reader throws, and so the application knows the message was not read. */
    failsLoudly("fails loudly"),
    /** The reader returns without an error, holding a value that was not sent (or losing one that was). */
    silentlyWrong("silently wrong"),
    /** The format cannot state the change at all; the cell says why. */
    notExpressible("not expressible");

    private final String label;

    Outcome(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
