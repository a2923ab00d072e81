package dev.slotwise.commons.json;

import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.core.io.InputDecorator;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.io.Reader;

/**
 * Lets Jackson read bytes only when they are UTF-8 (RFC 8259 §8.1: JSON exchanged between systems is UTF-8).
 * Jackson would otherwise detect UTF-16 and UTF-32 by their first bytes and read them as well. Those first bytes give
 * every such text away: a JSON text starts with an ASCII character, which UTF-16 and UTF-32 write with a zero byte,
 * and a zero byte can never open UTF-8 JSON. A byte order mark is refused too, UTF-8's included: RFC 8259 forbids
 * senders to add one, and one rule is easier to state than an exception. Bytes that are not valid UTF-8 further on
 * are Jackson's to refuse, as it does.
 */
final class Utf8Only extends InputDecorator {

    private static final int LOOKED_AT = 4;

    @Override
    public InputStream decorate(IOContext context, InputStream in) throws IOException {
        PushbackInputStream peeking = new PushbackInputStream(in, LOOKED_AT);
        byte[] first = new byte[LOOKED_AT];
        int read = 0;
        for (int n; read < LOOKED_AT && (n = peeking.read(first, read, LOOKED_AT - read)) > 0; ) {
            read += n;
        }
        check(first, 0, read);
        peeking.unread(first, 0, read);
        return peeking;
    }

    @Override
    public InputStream decorate(IOContext context, byte[] bytes, int offset, int length) throws IOException {
        check(bytes, offset, Math.min(length, LOOKED_AT));
        return null;
    }

    @Override
    public Reader decorate(IOContext context, Reader characters) {
        return characters;
    }

    private static void check(byte[] bytes, int offset, int length) throws NotUtf8Json {
        for (int i = offset; i < offset + length; i++) {
            if (bytes[i] == 0) {
                throw new NotUtf8Json();
            }
        }
        int first = length > 0 ? bytes[offset] & 0xFF : -1;
        int second = length > 1 ? bytes[offset + 1] & 0xFF : -1;
        if (first == 0xEF && second == 0xBB || first == 0xFE && second == 0xFF || first == 0xFF && second == 0xFE) {
            throw new NotUtf8Json();
        }
    }
}
