package org.wireshootout.model;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The text buffer is made on first use, so an object a library instantiates carries no allocation of this project's. */
class DataTextBufferTest {

    @Test
    void theNoArgConstructorMakesNoTextBuffer() {
        assertFalse(new Data().hasText());
    }

    @Test
    void aMessageWithoutABufferReadsAsTheEmptyTextAndEqualsOneWithAnEmptyText() {
        Data bare = new Data();
        Data empty = new Data().setTextAndReturn("");
        assertEquals(empty, bare);
        assertEquals(empty.hashCode(), bare.hashCode());
        assertFalse(bare.hasText(), "equals and hashCode made a buffer");
        assertEquals("", new Data().copyFrom(bare).getText().toString());
    }

    @Test
    void theBufferIsMadeOnceAndThenReused() {
        Data d = new Data();
        StringBuilder first = d.textBuffer();
        assertTrue(d.hasText());
        d.setText("Hello World!");
        assertSame(first, d.textBuffer());
        assertSame(first, d.getText());
        assertEquals(Data.CANONICAL_TEXT, d.getText().toString());
    }
}
