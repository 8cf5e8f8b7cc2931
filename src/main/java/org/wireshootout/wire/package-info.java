/**
 * The wire room: fixed-rate latency through real transports, sender and receiver on different CPUs.
 *
 * <p>{@link org.wireshootout.wire.WireRun} is one run: a sender thread takes the next message of a
 * {@link org.wireshootout.wire.Payload} at a fixed offered rate, stamps the time it was meant to go (its
 * place on the schedule, not the time it actually went), encodes it with the row's codec and publishes it on a
 * {@link org.wireshootout.wire.Transport}; a receiver thread on another CPU polls, decodes into a reused
 * target and records {@code now - intended send time} into an HdrHistogram. Because latency is measured from
 * the schedule, a stall on either side shows up in every message it delays (coordinated omission handled as
 * Chronicle's JLBH does), and a transport that refuses a message counts a back-pressure event. Every message
 * carries its sequence number and a checksum of its fields: a lost, duplicated or corrupted message ends the
 * run with a {@link org.wireshootout.wire.WireRunException} naming it.
 *
 * <p>Transports are real and embedded, started and stopped by the run, their temporary files removed:
 * {@code ring} (Agrona's one-to-one ring buffer, the floor), {@code aeron-ipc} and {@code aeron-udp} (an
 * embedded Aeron media driver) and {@code queue} (Chronicle Queue). {@link org.wireshootout.wire.WireSweep}
 * runs a list of rates for one format and transport; {@link org.wireshootout.wire.WireSuite} runs the
 * format x transport grid into a run directory.
 *
 * <p>Messages cross the {@code Codec} seam as bytes: {@code encode} then {@code copyTo} into a reused array
 * that the transport copies into its own buffer, and on the far side the transport's bytes are copied out
 * and handed to {@code load} then {@code decode}. Encoding straight into a transport's claimed buffer would
 * save both copies but needs the seam to write into (and read from) a caller's buffer.
 */
package org.wireshootout.wire;
