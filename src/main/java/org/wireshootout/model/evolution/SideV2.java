package org.wireshootout.model.evolution;

/** The {@code side} enum of version 2 under {@link Change#newSideValue}: one constant more than version 1's {@code Side}. */
public enum SideV2 {
    Buy, Sell, Short
}
