package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesMarshallable;
import net.openhft.chronicle.bytes.BytesOut;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;

/**
 * Version 2 of the message as a Chronicle {@link BytesMarshallable} under one {@link Change} other than
 * {@code addField} (whose version 2 is version 1's code plus the field, {@link AddedFieldBytesMarshallable}): the
 * second class a user writes beside {@link DataBytesMarshallable}, with the same calls (fixed-width or stop-bit
 * numbers, the flag as one byte, the side as its ordinal, the text through {@code write8bit}/{@code read8bit}).
 *
 * <p>The layout carries no keys, so a change is a new layout ({@link EvolvedKeys#layout}): a field dropped or
 * moved moves every later one, a widened smallInt takes 8 bytes instead of 4 (with stop-bit numbers the bytes are
 * the same up to the value).
 */
final class EvolvedBytesMarshallable implements BytesMarshallable {
    private final EvolvedKeys[] fields;
    private final boolean stopBit;
    private final boolean wideSmallInt;
    private final Latin1Text latin1 = new Latin1Text();
    private Evolved source;
    private Evolved target;

    EvolvedBytesMarshallable(boolean stopBit, Change change) {
        this.fields = EvolvedKeys.layout(EvolvedKeys.BYTES_ORDER, change);
        this.stopBit = stopBit;
        this.wideSmallInt = change == Change.widenSmallInt;
    }

    EvolvedBytesMarshallable writing(Evolved value) {
        this.source = value;
        return this;
    }

    EvolvedBytesMarshallable readingInto(Evolved value) {
        this.target = value;
        return this;
    }

    /** The shortest payload of this layout: every field in its fewest bytes. */
    int shortest() {
        int n = 0;
        for (EvolvedKeys key : fields) {
            n += stopBit || key == EvolvedKeys.text ? 1 : width(key);
        }
        return n;
    }

    /** A fixed-width field's bytes; flag and side are one byte in either layout. */
    private int width(EvolvedKeys key) {
        switch (key) {
            case price:
            case longInt:
                return 8;
            case smallInt:
            case quantity:
                return wideSmallInt ? 8 : 4;
            default:
                return 1;
        }
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        Evolved e = source;
        for (EvolvedKeys key : fields) {
            switch (key) {
                case price:
                    if (stopBit) out.writeStopBit(e.price);
                    else out.writeDouble(e.price);
                    break;
                case flag: out.writeBoolean(e.flag); break;
                case text: out.write8bit(latin1.of(e.text)); break;
                case side: out.writeUnsignedByte(e.side.ordinal()); break;
                case smallInt:
                case quantity:
                    if (stopBit) out.writeStopBit(e.smallInt);
                    else if (wideSmallInt) out.writeLong(e.smallInt);
                    else out.writeInt((int) e.smallInt);
                    break;
                case longInt:
                    if (stopBit) out.writeStopBit(e.longInt);
                    else out.writeLong(e.longInt);
                    break;
                default: throw new AssertionError(key);
            }
        }
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        Evolved e = target;
        for (EvolvedKeys key : fields) {
            switch (key) {
                case price: e.price = stopBit ? in.readStopBitDouble() : in.readDouble(); break;
                case flag: e.flag = in.readBoolean(); break;
                case text:
                    if (!in.read8bit(e.text)) throw new IllegalStateException("text is null");
                    break;
                case side: e.side = SixFields.EVOLVED.sideAt(in.readUnsignedByte()); break;
                case smallInt:
                case quantity:
                    e.smallInt = stopBit ? in.readStopBit() : wideSmallInt ? in.readLong() : in.readInt();
                    break;
                case longInt: e.longInt = stopBit ? in.readStopBit() : in.readLong(); break;
                default: throw new AssertionError(key);
            }
        }
    }
}
