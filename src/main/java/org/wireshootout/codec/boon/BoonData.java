package org.wireshootout.codec.boon;

import org.wireshootout.model.PlainData;

/**
 * The shape Boon's reflective serialiser reads: plain fields with the model's names, in the model's order
 * (Boon writes fields in declaration order). An adapter, so the shared model keeps its reusable StringBuilder.
 */
final class BoonData extends PlainData {
}
