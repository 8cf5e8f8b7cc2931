package org.wireshootout.codec.chronicle;

import net.openhft.chronicle.wire.Marshallable;
import net.openhft.chronicle.wire.ValueIn;
import net.openhft.chronicle.wire.ValueOut;
import net.openhft.chronicle.wire.WireIn;
import net.openhft.chronicle.wire.WireOut;
import org.wireshootout.model.evolution.Change;
import org.wireshootout.model.evolution.Evolved;
import org.wireshootout.model.evolution.SideV2;

/**
 * Version 2 of the message on a Wire, under one {@link Change} other than {@code addField} (whose version 2 is
 * version 1's code plus the field, {@link AddedFieldMarshallable}): the second {@link Marshallable} a user writes
 * beside the first, with the same hand-written calls ({@code write(key)}, {@code float64}, {@code asEnum}...).
 *
 * <p>It reads as Chronicle documents schema evolution: each field with {@code wire.read(key)}, which finds it by
 * name (or by number on a numeric-field BinaryWire) wherever it is in the document and reads a missing one as
 * 0/false/null, and leaves unknown fields unread. Unlike version 1 of the text rows it does not demand the
 * written order (see {@link DataMarshallable}). On a positional wire (no keys) {@code read(key)} just takes the
 * next value.
 */
final class EvolvedMarshallable implements Marshallable, WireMarshalling<Evolved> {
    private final EvolvedKeys[] fields;
    private final boolean wideSmallInt;
    private final boolean boundLengths;
    private final WireText text;
    private Evolved source;
    private Evolved target;

    EvolvedMarshallable(WireSetup setup, Change change) {
        this.fields = EvolvedKeys.layout(EvolvedKeys.WIRE_ORDER, change);
        this.wideSmallInt = change == Change.widenSmallInt;
        this.boundLengths = setup.unchecked();
        this.text = new WireText(setup.textOut(), setup.rawText());
    }

    @Override
    public EvolvedMarshallable writing(Evolved value) {
        this.source = value;
        return this;
    }

    @Override
    public EvolvedMarshallable readingInto(Evolved value) {
        this.target = value;
        return this;
    }

    @Override
    public void writeMarshallable(WireOut wire) {
        Evolved e = source;
        for (EvolvedKeys key : fields) {
            ValueOut out = wire.write(key);
            switch (key) {
                case price: out.float64(e.price); break;
                case flag: out.bool(e.flag); break;
                case text: text.write(out, e.text); break;
                case side: out.asEnum(e.side); break;
                case smallInt:
                case quantity:
                    if (wideSmallInt) out.int64(e.smallInt);
                    else out.int32((int) e.smallInt);
                    break;
                case longInt: out.int64(e.longInt); break;
                default: throw new AssertionError(key);
            }
        }
    }

    @Override
    public void readMarshallable(WireIn wire) {
        Evolved e = target;
        for (EvolvedKeys key : fields) {
            ValueIn in = wire.read(key);
            if (boundLengths && (key == EvolvedKeys.side || key == EvolvedKeys.text && !text.checksLength())) {
                WireText.checkLength(wire, key.name());
            }
            switch (key) {
                case price: e.price = in.float64(); break;
                case flag: e.flag = in.bool(); break;
                case text: text.read(wire, in, e.text); break;
                case side: {
                    SideV2 side = in.asEnum(SideV2.class);
                    if (side == null) throw new IllegalStateException("side is missing");
                    e.side = side;
                    break;
                }
                case smallInt:
                case quantity:
                    e.smallInt = wideSmallInt ? in.int64() : in.int32();
                    break;
                case longInt: e.longInt = in.int64(); break;
                default: throw new AssertionError(key);
            }
        }
    }
}
