package org.wireshootout.evolution;

import org.wireshootout.model.evolution.Change;

/**
 * One observed cell of the evolution matrix: the row, the variant (empty for the row's own line), the change, the
 * direction, the outcome, and the detail behind it (the exception's message, the first field read wrong, or why
 * the change cannot be stated).
 */
public record Cell(String row, String variant, Change change, Direction direction, Outcome outcome, String detail) {
}
