/**
 * IEX market data: capture files in, {@link org.wireshootout.model.iex.IexMessage}s out, and a synthetic
 * DEEP 1.0 day for when there is no file.
 *
 * <pre>
 *  capture file ─ CaptureReader (pcap | pcapng; gzip by magic) ─ CapturedPacket (view into one buffer)
 *      ─ LinkLayer (Ethernet [VLAN] | SLL | raw IP → IPv4 → UDP) ─ IexTpDecoder (40-byte header,
 *      framing checked, then each message) ─ IexListener.onSegment / onMessage (one reused IexMessage)
 * </pre>
 *
 * <p>{@link org.wireshootout.iex.IexCaptureReader} ties the chain together and returns
 * {@link org.wireshootout.iex.IexCaptureStats}. Streaming: the file is read through one buffer (64 KiB,
 * growing to at most 1 MiB when a record needs it), records are parsed where they lie, and the decoder fills
 * one reused message, so memory use does not depend on the file's size and decoding allocates nothing per
 * message. Faults are {@link org.wireshootout.iex.CaptureFormatException}s naming the file and the byte offset
 * (in the uncompressed stream) and carrying the stats of what was read before; a file cut off inside a record
 * is a normal end, reported as {@link org.wireshootout.iex.TruncatedRecord}.
 *
 * <p>The other way: {@link org.wireshootout.iex.IexTpEncoder} writes messages and segment headers,
 * {@link org.wireshootout.iex.CaptureWriter} writes pcap/pcapng captures, and
 * {@link org.wireshootout.iex.DeepGenerator} produces a seeded trading day, in memory or as a capture;
 * {@link org.wireshootout.iex.IexDataSet} picks a capture or the synthetic day for benchmarks.
 */
package org.wireshootout.iex;
