/**
 * The IEX message model: {@link org.wireshootout.model.iex.IexMessage} (one mutable, reusable class holding
 * the {@link org.wireshootout.model.iex.IexMessageType} and the union of all types' fields),
 * {@link org.wireshootout.model.iex.IexField} (the field keys; each type lists its own, in wire order) and
 * {@link org.wireshootout.model.iex.IexProtocol}. Plain Java; values keep the wire's units (epoch nanoseconds,
 * prices as 4-decimal longs, symbols as packed ASCII with a text view).
 *
 * <p>For a codec: write {@code type()}, then for each field of {@code type().fields()} its value (typed
 * getters, or {@code get(field)} as a long); read back with the setters (or {@code set(field, value)}), which
 * refuse values the IEX wire cannot carry. Compare with {@code firstDifference}.
 */
package org.wireshootout.model.iex;
