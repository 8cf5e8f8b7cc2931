/**
 * The IEX rows: codecs of {@link org.wireshootout.model.iex.IexMessage} (every DEEP 1.0 / TOPS 1.6 message type),
 * one sub-package per library, registered in {@link org.wireshootout.codec.IexFormat}.
 *
 * <p>What every row does alike: it owns and reuses its buffers; encode writes the message type and only the
 * fields of that type ({@link org.wireshootout.model.iex.IexMessageType#fields()}); decode sets the type and
 * every field of it, and refuses bytes it cannot read with a {@link org.wireshootout.codec.DecodeException}.
 * The schema rows choose between the message types the way their format does: SBE one message per type behind
 * the standard header (templateId = the IEX type byte), FlatBuffers a union, Cap'n Proto a union, Protobuf a
 * oneof. The symbol is carried as its 8 packed bytes by the binary rows and as text by the self-describing ones
 * ({@link org.wireshootout.codec.iex.IexNamedFields}). {@link org.wireshootout.codec.iex.IexRoundTrip} is the
 * check every figure waits for.
 */
package org.wireshootout.codec.iex;
