package org.wireshootout.hostile;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;

/**
 * A class whose construction or deserialisation leaves a trace: the stand-in for a gadget. A hostile YAML tag
 * or Java serialisation stream naming it proves nothing unless it is refused with the trace still unset; the
 * tests also show, with an unsafe reader, that the trace does get set when the class is let in.
 */
public final class Tripwire implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Set by the public constructor (what YAML's JavaBean construction calls). */
    public static volatile boolean constructed;
    /** Set by {@link #readObject} (what Java deserialisation calls). */
    public static volatile boolean deserialized;

    private String note = "armed";

    public Tripwire() {
        constructed = true;
    }

    public String getNote() {
        return note;
    }

    public void setNote(String note) {
        this.note = note;
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        deserialized = true;
    }

    static void reset() {
        constructed = false;
        deserialized = false;
    }
}
