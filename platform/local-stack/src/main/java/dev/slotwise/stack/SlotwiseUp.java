package dev.slotwise.stack;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * {@code ./slotwise up}: starts the whole suite, seeds a demo tenant on the first run, prints the gateway URL, the
 * operator token (only when generated here), the demo tenant's API key and its user's e-mail and password, then runs
 * until Ctrl-C or SIGTERM, when it stops everything it started.
 */
public final class SlotwiseUp {


    private SlotwiseUp() {
    }

    public static void main(String[] args) throws Exception {
        // the console is for the launcher's own lines: java.util.logging's INFO chatter of the embedded servers stays off
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        Path home = Path.of(System.getProperty("slotwise.home", ".")).toAbsolutePath().normalize();
        Path dataDir = Path.of(System.getenv().getOrDefault("SLOTWISE_DATA_DIR", home.resolve(".slotwise").toString()));
        int httpPort = Integer.parseInt(System.getenv().getOrDefault("SLOTWISE_HTTP_PORT", "8080"));
        long started = System.nanoTime();
        CountDownLatch stopped = new CountDownLatch(1);
        LocalStack stack;
        try {
            stack = LocalStack.start(home, dataDir, httpPort, LocalStack.ALL_SERVICES, Map.of(),
                    line -> System.out.println("[slotwise] " + line));
        } catch (RuntimeException e) {
            System.err.println("[slotwise] could not start: " + e.getMessage());
            System.exit(1);
            return;
        }
        // a component that dies is started again, so that a crash never leaves half a stack
        Supervisor supervisor = Supervisor.start(stack, line -> System.out.println("[slotwise] " + line));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("[slotwise] stopping…");
            supervisor.close();
            stack.close();
            System.out.println("[slotwise] stopped");
            stopped.countDown();
        }, "slotwise-stop"));

        String demoKey = demoKey(stack);
        String[] demoUser = demoUser(stack);
        System.out.println();
        System.out.printf("Slotwise is ready in %d s: %s%n", (System.nanoTime() - started) / 1_000_000_000L, stack.gatewayUrl());
        if (stack.adminTokenGenerated()) {
            System.out.println("  operator token (SLOTWISE_ADMIN_TOKEN): " + stack.adminToken());
        } else {
            System.out.println("  operator token: the SLOTWISE_ADMIN_TOKEN you set");
        }
        System.out.println("  demo tenant API key (all scopes):      " + demoKey);
        System.out.println("  try: curl -H 'Authorization: Bearer " + demoKey + "' " + stack.gatewayUrl() + "/api/v1/customers");
        if (demoUser != null) {
            System.out.println("  tenant panel: " + stack.gatewayUrl() + "/panel   sign in as " + demoUser[0] + " / "
                    + demoUser[1]);
        }
        System.out.println("  stack.json: " + stack.dataDir().resolve("stack.json") + "   logs: " + stack.dataDir().resolve("logs"));
        stack.components().stream().filter(c -> c.name().equals("api-gateway")).findFirst().ifPresent(gateway ->
                System.out.println("  metrics (Prometheus): " + gateway.metricsUrl() + " — every service's is in stack.json (metricsUrl)"));
        System.out.println("  Ctrl-C stops everything.");
        stopped.await();
    }

    /**
     * The demo tenant's key: created on the first run with the tenant, its data and its user, reused afterwards.
     */
    private static String demoKey(LocalStack stack) throws IOException, InterruptedException {
        if (stack.secrets().has("demo-api-key")) {
            return stack.secrets().read("demo-api-key");
        }
        DemoTenant demo = DemoTenant.create(stack.gatewayUrl(), stack.adminToken(), "Demo Salon", DEMO_USER_EMAIL);
        stack.secrets().write("demo-tenant-id", demo.tenantId());
        stack.secrets().write("demo-user-password", demo.userPassword());
        stack.secrets().write("demo-api-key", demo.apiKey());
        return demo.apiKey();
    }

    static final String DEMO_USER_EMAIL = "owner@demo-salon.example";

    /**
     * The demo tenant's user, who signs in to the panel and approves OAuth applications, with the password generated
     * for it. Created here for a data directory from before users were seeded; null for one from before the tenant's
     * id was kept.
     */
    private static String[] demoUser(LocalStack stack) throws IOException, InterruptedException {
        if (stack.secrets().has("demo-user-password")) {
            return new String[] {DEMO_USER_EMAIL, stack.secrets().read("demo-user-password")};
        }
        if (!stack.secrets().has("demo-tenant-id")) {
            return null;
        }
        String password = DemoTenant.addUser(stack.gatewayUrl(), stack.adminToken(),
                stack.secrets().read("demo-tenant-id"), DEMO_USER_EMAIL);
        stack.secrets().write("demo-user-password", password);
        return new String[] {DEMO_USER_EMAIL, password};
    }
}
