package org.wireshootout.codec.kryo;

import com.esotericsoftware.kryo.KryoException;

/**
 * The {@code Input} of the rows whose bytes Kryo's own serializers read ({@code TaggedFieldSerializer},
 * {@code CompatibleFieldSerializer}): wherever in the stream those serializers meet a boolean or a string, they
 * call these methods, so the checks hold whatever order the fields come in.
 * <ul>
 *   <li>{@link #readBoolean}: Kryo takes any byte but 1 as false; a byte other than 0 or 1 is refused.</li>
 *   <li>{@link #readString} (the field names {@code CompatibleFieldSerializer} reads) and {@link #readStringBuilder}
 *       (Kryo's {@code StringBuilder} serializer, the text): Kryo sizes a char array by the string's count before
 *       reading a byte of it (a count of 2^30 in a short message allocates 2 GB) and has no limit to set; here the
 *       string is read through {@link KryoText#read}, which checks the count against the bytes left first and
 *       refuses a null string and a form the writer does not choose. The bytes are Kryo's own format.</li>
 * </ul>
 * Each string read still makes its own {@code String} or {@code StringBuilder} (sized to the text), as Kryo's calls
 * do, from the chars read into Kryo's own scratch array.
 */
class GuardedInput extends KryoSupport.MessageInput {
    @Override
    public boolean readBoolean() {
        int at = position();
        int b = readByte();
        if (b != 0 && b != 1) {
            throw new KryoException("flag byte " + b + " is neither 0 nor 1 at position " + KryoSupport.offsetOf(this, at));
        }
        return b == 1;
    }

    @Override
    public String readString() {
        return KryoText.readString(this);
    }

    @Override
    public StringBuilder readStringBuilder() {
        int n = KryoText.readChars(this);
        return new StringBuilder(n).append(chars(n), 0, n);
    }
}
