package org.wireshootout.model;

/** The side of an order or trade. */
public enum Side {
    Buy, Sell
}
