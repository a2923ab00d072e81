package dev.slotwise.gateway.proxy;

import dev.slotwise.commons.problem.ApiException;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.net.impl.ConnectionBase;

/**
 * Reads a request's body exactly as the client framed it, whatever its content type, up to a limit; and settles an
 * unread body when the gateway answers without needing it, so that nothing the client sent is left on its connection.
 *
 * <p>Vert.x Web's {@code BodyHandler} is not used: for {@code multipart/form-data} and form-urlencoded requests it
 * decodes form fields and leaves its body buffer empty, and an empty body once went upstream under the client's own
 * {@code Content-Length}; the service then read the next tenant's request as the rest of this one. Here every byte
 * is read as bytes, and the gateway frames what it forwards itself.
 *
 * <p>The request arrives paused (Quarkus pauses it before routing); it stays paused, its bytes waiting in the socket,
 * while the gateway authenticates and authorises on headers alone.
 */
final class RequestBodies {

    private RequestBodies() {
    }

    /** The whole body; fails with 413 beyond {@code limit} bytes and 400 when its framing breaks (a bad chunk). */
    static Future<Buffer> read(HttpServerRequest request, long limit) {
        if (declaredLength(request) > limit) {
            return Future.failedFuture(tooLarge());
        }
        if (request.isEnded()) {
            return Future.succeededFuture(Buffer.buffer());
        }
        if (request.response().closed()) { // its framing broke while the gateway checked the headers
            return Future.failedFuture(badFraming());
        }
        Promise<Buffer> read = Promise.promise();
        Buffer body = Buffer.buffer();
        request.exceptionHandler(failure -> {
            read.tryFail(badFraming());
            flushBeforeTheConnectionCloses(request);
        });
        request.handler(chunk -> {
            if (read.future().isComplete()) {
                return; // beyond the limit: discarded until the connection closes
            }
            if (body.length() + (long) chunk.length() > limit) {
                read.tryFail(tooLarge());
            } else {
                body.appendBuffer(chunk);
            }
        });
        request.endHandler(end -> read.tryComplete(body));
        if ("100-continue".equalsIgnoreCase(request.getHeader(HttpHeaders.EXPECT))) {
            request.response().writeContinue();
        }
        request.resume();
        return read.future();
    }

    /**
     * Before an answer that did not need the body: a body of a declared length within the limit is read and
     * discarded (the connection stays usable: its framing is the server's codec's); anything else, a body over the
     * limit, one without a length, or one already refused part-way, closes the connection after the answer.
     */
    static void settleUnread(HttpServerRequest request, HttpServerResponse response, long limit) {
        if (request.isEnded()) {
            return;
        }
        long declared = declaredLength(request);
        boolean unbounded = request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null || declared > limit || declared < 0;
        if (unbounded) {
            response.putHeader(HttpHeaders.CONNECTION, "close");
            return;
        }
        request.exceptionHandler(ignored -> { });
        request.handler(ignored -> { });
        request.resume();
    }

    /**
     * A body whose framing broke (a bad chunk) leaves the connection unusable: Vert.x closes it as soon as the
     * exception handlers return. The 400 written meanwhile would wait for the end of the socket read to be flushed, and
     * be lost with the connection; it is flushed now. Vert.x has no public call for this, hence its connection class.
     */
    static void flushBeforeTheConnectionCloses(HttpServerRequest request) {
        if (request.connection() instanceof ConnectionBase connection) {
            connection.channelHandlerContext().flush();
        }
    }

    /** The declared {@code Content-Length}; 0 when there is none and no chunked body; -1 when it cannot be read. */
    static long declaredLength(HttpServerRequest request) {
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length == null) {
            return request.getHeader(HttpHeaders.TRANSFER_ENCODING) == null ? 0 : -1;
        }
        try {
            return Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static ApiException badFraming() {
        return ApiException.malformed("the request body is not framed correctly");
    }

    private static ApiException tooLarge() {
        return new ApiException(413, "payload_too_large", "request bodies are limited to 1 MiB");
    }
}
