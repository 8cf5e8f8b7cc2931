package org.wireshootout.report;

/** The classic hex dump: offset, 16 bytes in hex, and the printable-ASCII column. */
public final class HexDump {
    private HexDump() {
    }

    public static String of(byte[] bytes) {
        StringBuilder sb = new StringBuilder();
        for (int row = 0; row < bytes.length; row += 16) {
            sb.append(String.format("%08x ", row));
            for (int i = 0; i < 16; i++) {
                if (i == 8) sb.append(' ');
                if (row + i < bytes.length) sb.append(String.format(" %02x", bytes[row + i] & 0xFF));
                else sb.append("   ");
            }
            sb.append("  |");
            for (int i = 0; i < 16 && row + i < bytes.length; i++) {
                int b = bytes[row + i] & 0xFF;
                sb.append(b >= 0x20 && b < 0x7F ? (char) b : '.');
            }
            sb.append("|\n");
        }
        return sb.toString();
    }
}
