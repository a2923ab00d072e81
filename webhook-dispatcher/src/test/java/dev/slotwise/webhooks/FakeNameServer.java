package dev.slotwise.webhooks;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.dns.DatagramDnsQuery;
import io.netty.handler.codec.dns.DatagramDnsQueryDecoder;
import io.netty.handler.codec.dns.DatagramDnsResponse;
import io.netty.handler.codec.dns.DatagramDnsResponseEncoder;
import io.netty.handler.codec.dns.DefaultDnsRawRecord;
import io.netty.handler.codec.dns.DnsQuestion;
import io.netty.handler.codec.dns.DnsRecordType;
import io.netty.handler.codec.dns.DnsResponseCode;
import io.netty.handler.codec.dns.DnsSection;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A real name server on loopback (UDP) that the dispatcher under test asks for every webhook host name: it answers the
 * names a test points somewhere (an A record, TTL 0, so nothing is cached), never answers the names a test makes hang
 * (a tenant's name server that does not respond), and says NXDOMAIN for the rest.
 */
public final class FakeNameServer {

    private static final String HANG = "hang";
    private static final Map<String, String> NAMES = new ConcurrentHashMap<>();
    private static FakeNameServer running;

    private final NioEventLoopGroup loop = new NioEventLoopGroup(1, new DefaultThreadFactory("fake-dns", true));
    private final Channel channel;

    private FakeNameServer() throws InterruptedException {
        channel = new Bootstrap().group(loop).channel(NioDatagramChannel.class)
                .handler(new ChannelInitializer<NioDatagramChannel>() {
                    @Override
                    protected void initChannel(NioDatagramChannel ch) {
                        ch.pipeline().addLast(new DatagramDnsQueryDecoder(), new DatagramDnsResponseEncoder(),
                                new Answers());
                    }
                })
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).sync().channel();
    }

    /** The server of this test JVM, started on first use; {@code host:port} for the dispatcher's configuration. */
    static synchronized String address() {
        if (running == null) {
            try {
                running = new FakeNameServer();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        InetSocketAddress bound = (InetSocketAddress) running.channel.localAddress();
        return bound.getHostString() + ":" + bound.getPort();
    }

    /** {@code name} resolves to {@code address} from now on. */
    static void point(String name, String address) {
        NAMES.put(name.toLowerCase(Locale.ROOT), address);
    }

    /** Queries for {@code name} get no answer from now on. */
    static void hang(String name) {
        NAMES.put(name.toLowerCase(Locale.ROOT), HANG);
    }

    static void forget(String name) {
        NAMES.remove(name.toLowerCase(Locale.ROOT));
    }

    private static final class Answers extends SimpleChannelInboundHandler<DatagramDnsQuery> {
        @Override
        protected void channelRead0(ChannelHandlerContext context, DatagramDnsQuery query) throws UnknownHostException {
            DnsQuestion question = query.recordAt(DnsSection.QUESTION);
            String name = question.name().toLowerCase(Locale.ROOT).replaceAll("\\.$", "");
            String address = NAMES.get(name);
            if (HANG.equals(address)) {
                return;
            }
            DatagramDnsResponse response = new DatagramDnsResponse(query.recipient(), query.sender(), query.id());
            response.addRecord(DnsSection.QUESTION, question);
            if (address == null) {
                response.setCode(DnsResponseCode.NXDOMAIN);
            } else if (question.type() == DnsRecordType.A) {
                response.addRecord(DnsSection.ANSWER, new DefaultDnsRawRecord(question.name(), DnsRecordType.A, 0,
                        Unpooled.wrappedBuffer(InetAddress.getByName(address).getAddress())));
            }
            context.writeAndFlush(response);
        }
    }
}
