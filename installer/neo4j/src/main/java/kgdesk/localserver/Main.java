package kgdesk.localserver;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.neo4j.commandline.admin.security.PasswordCommand;
import org.neo4j.configuration.Config;
import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.SettingValueParsers;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.BoltConnectorInternalSettings;
import org.neo4j.configuration.connectors.ConnectorPortRegister;
import org.neo4j.configuration.connectors.ConnectorType;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.connectors.HttpsConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.internal.helpers.HostnamePort;
import org.neo4j.io.fs.DefaultFileSystemAbstraction;
import org.neo4j.io.locker.FileLockException;
import org.neo4j.kernel.impl.security.User;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.logging.NullLogProvider;
import org.neo4j.memory.EmptyMemoryTracker;
import org.neo4j.server.security.auth.CommunitySecurityModule;
import org.neo4j.server.security.auth.FileUserRepository;

/**
 * The kgdesk local graph server: an embedded Neo4j Community DBMS with only a Bolt connector on
 * 127.0.0.1, started and supervised by the Python app (kgdesk/graph/local_server.py).
 *
 * <p>Protocol with the parent, one line each on stdout:
 * {@code KGDESK_READY bolt_port=N pid=P} once Bolt accepts connections, or
 * {@code KGDESK_ERROR kind=K message=...} before a non-zero exit.
 * Kinds and exit codes: usage (2), locked (3), port_in_use (4), password (5), startup (1).
 * After READY a background warm-up (class {@link WarmUp}) prints {@code KGDESK_WARM_UP ms=N}.
 */
public final class Main {
    static final String DEFAULT_PASSWORD_ENV = "KGDESK_LOCAL_NEO4J_PASSWORD";
    static final String USER = "neo4j";
    /** Set to 0 to skip the background warm-up workload (bench/build_cold.py compares both). */
    static final String WARM_UP_ENV = "KGDESK_WARM_UP";

    private static final PrintStream OUT = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    private static final Object SHUTDOWN_LOCK = new Object();
    private static DatabaseManagementService service;
    private static boolean shutDown;

    private Main() {}

    /** Thrown for a startup failure the parent must be able to tell apart. */
    static final class Failure extends Exception {
        final String kind;
        final int exitCode;

        Failure(String kind, int exitCode, String message, Throwable cause) {
            super(message, cause);
            this.kind = kind;
            this.exitCode = exitCode;
        }
    }

    public static void main(String[] args) {
        try {
            run(parse(args));
        } catch (Failure f) {
            fail(f);
        } catch (Throwable t) {
            fail(new Failure("startup", 1, describe(t), t));
        }
    }

    static Map<String, String> parse(String[] args) throws Failure {
        Map<String, String> opts = new HashMap<>();
        opts.put("port", "0");
        opts.put("tx-timeout", "60s");
        opts.put("pagecache", "128m");
        opts.put("password-env", DEFAULT_PASSWORD_ENV);
        opts.put("watch-stdin", "true");
        opts.put("warm-up", "0".equals(System.getenv(WARM_UP_ENV)) ? "false" : "true");
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--no-watch-stdin")) {
                opts.put("watch-stdin", "false");
                continue;
            }
            if (a.equals("--no-warm-up")) {
                opts.put("warm-up", "false");
                continue;
            }
            if (!a.startsWith("--") || i + 1 >= args.length) {
                throw new Failure("usage", 2, "bad argument: " + a
                        + " (usage: --home DIR [--port N] [--tx-timeout 60s] [--pagecache 128m]"
                        + " [--password-env NAME] [--stop-file PATH] [--no-watch-stdin] [--no-warm-up])", null);
            }
            opts.put(a.substring(2), args[++i]);
        }
        if (!opts.containsKey("home")) {
            throw new Failure("usage", 2, "--home DIR is required", null);
        }
        return opts;
    }

    static void run(Map<String, String> opts) throws Failure {
        Path home = Paths.get(opts.get("home")).toAbsolutePath();
        int port;
        Duration txTimeout;
        long pageCache;
        try {
            port = Integer.parseInt(opts.get("port"));
            txTimeout = SettingValueParsers.DURATION.parse(opts.get("tx-timeout"));
            pageCache = SettingValueParsers.BYTES.parse(opts.get("pagecache"));
        } catch (RuntimeException e) {
            throw new Failure("usage", 2, "bad option value: " + e.getMessage(), e);
        }
        if (port < 0 || port > 65535) {
            throw new Failure("usage", 2, "port out of range: " + port, null);
        }
        String password = System.getenv(opts.get("password-env"));
        if (password == null || password.length() < 8) {
            throw new Failure("password", 5, "environment variable " + opts.get("password-env")
                    + " must hold the password (at least 8 characters)", null);
        }

        try {
            Files.createDirectories(home);
        } catch (IOException e) {
            throw new Failure("startup", 1, "cannot create " + home + ": " + e.getMessage(), e);
        }
        Path dataDir = home.resolve("data");
        Path logsDir = home.resolve("logs");
        boolean fresh = !Files.isDirectory(dataDir.resolve("databases").resolve("system"));

        Map<org.neo4j.graphdb.config.Setting<?>, Object> settings = new HashMap<>();
        settings.put(GraphDatabaseSettings.data_directory, dataDir);
        settings.put(GraphDatabaseSettings.logs_directory, logsDir);
        settings.put(GraphDatabaseSettings.auth_enabled, true);
        settings.put(GraphDatabaseSettings.transaction_timeout, txTimeout);
        settings.put(GraphDatabaseSettings.pagecache_memory, pageCache);
        settings.put(GraphDatabaseSettings.udc_enabled, false);
        settings.put(BoltConnector.enabled, true);
        settings.put(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port));
        settings.put(BoltConnector.advertised_address, new SocketAddress("127.0.0.1", port));
        settings.put(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED);
        settings.put(HttpConnector.enabled, false);
        settings.put(HttpsConnector.enabled, false);
        // Bolt's defaults wait ~10 s for idle network threads at shutdown; a desktop app
        // (and a test suite) should not. The databases are checkpointed before this anyway.
        settings.put(GraphDatabaseInternalSettings.netty_server_shutdown_quiet_period, 0);
        settings.put(GraphDatabaseInternalSettings.netty_server_shutdown_timeout, Duration.ofSeconds(5));
        settings.put(BoltConnectorInternalSettings.connection_shutdown_wait_time, Duration.ofSeconds(1));

        settings.putAll(throughputSettings());
        settings.putAll(overrides());

        if (port != 0) {
            checkPortFree(port); // fail in a second, not after the databases have started
        }
        if (fresh) {
            writeInitialPassword(home, dataDir, password);
        }

        Runtime.getRuntime().addShutdownHook(new Thread(Main::shutdown, "kgdesk-shutdown"));
        DatabaseManagementService dbms;
        try {
            dbms = new DatabaseManagementServiceBuilder(home).setConfig(settings).build();
        } catch (RuntimeException e) {
            throw classify(e, home, port);
        }
        synchronized (SHUTDOWN_LOCK) {
            service = dbms;
            if (shutDown) {
                dbms.shutdown();
                return;
            }
        }

        GraphDatabaseService system = dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME);
        setPassword(system, password);

        HostnamePort bound = ((GraphDatabaseAPI) system).getDependencyResolver()
                .resolveDependency(ConnectorPortRegister.class)
                .getLocalAddress(ConnectorType.BOLT);
        if (bound == null) {
            throw new Failure("startup", 1, "the Bolt connector did not start", null);
        }
        OUT.println("KGDESK_READY bolt_port=" + bound.getPort() + " pid=" + ProcessHandle.current().pid());
        if (Boolean.parseBoolean(opts.get("warm-up"))) {
            GraphDatabaseService neo4j = dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME);
            daemon("kgdesk-warm-up", () -> WarmUp.run(neo4j, OUT));
        }

        CountDownLatch stop = new CountDownLatch(1);
        if (Boolean.parseBoolean(opts.get("watch-stdin"))) {
            daemon("kgdesk-stdin-watch", () -> {
                // The parent holds our stdin open; EOF means it is gone (exited, crashed or closed it).
                try (InputStream in = System.in) {
                    byte[] buf = new byte[256];
                    while (in.read(buf) >= 0) {
                        // ignore input
                    }
                } catch (IOException ignored) {
                    // treat a broken pipe like EOF
                }
                stop.countDown();
            });
        }
        String stopFile = opts.get("stop-file");
        if (stopFile != null) {
            Path stopPath = Paths.get(stopFile);
            daemon("kgdesk-stop-file-watch", () -> {
                // A portable stop request (Windows has no SIGTERM for a detached process).
                try {
                    while (!Files.exists(stopPath)) {
                        Thread.sleep(300);
                    }
                } catch (InterruptedException ignored) {
                    Thread.currentThread().interrupt();
                }
                stop.countDown();
            });
        }
        try {
            stop.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        shutdown();
        OUT.println("KGDESK_STOPPED");
        System.exit(0);
    }

    /**
     * Settings that make a build's batched writes cheaper (measured with bench/build.py; see
     * docs/library.md, "Throughput of a full build"). Empty until a measurement shows a gain.
     */
    static Map<org.neo4j.graphdb.config.Setting<?>, Object> throughputSettings() {
        return new HashMap<>();
    }

    /**
     * Neo4j settings given as system properties {@code -Dkgdesk.setting.NAME=VALUE} (for
     * comparing server settings with bench/build.py --jvm-arg); an unknown name is a usage error.
     */
    static Map<org.neo4j.graphdb.config.Setting<?>, Object> overrides() throws Failure {
        String prefix = "kgdesk.setting.";
        Map<String, String> raw = new HashMap<>();
        for (String key : System.getProperties().stringPropertyNames()) {
            if (key.startsWith(prefix)) {
                raw.put(key.substring(prefix.length()), System.getProperty(key));
            }
        }
        Map<org.neo4j.graphdb.config.Setting<?>, Object> out = new HashMap<>();
        if (raw.isEmpty()) {
            return out;
        }
        Config parsed;
        try {
            parsed = Config.newBuilder().setRaw(raw).build();
        } catch (RuntimeException e) {
            throw new Failure("usage", 2, "bad setting: " + e.getMessage(), e);
        }
        Map<String, org.neo4j.graphdb.config.Setting<Object>> declared = parsed.getDeclaredSettings();
        for (String name : raw.keySet()) {
            org.neo4j.graphdb.config.Setting<Object> setting = declared.get(name);
            if (setting == null) {
                throw new Failure("usage", 2, "unknown setting: " + name, null);
            }
            out.put(setting, parsed.get(setting));
        }
        return out;
    }

    static void checkPortFree(int port) throws Failure {
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true); // as Netty does: a TIME_WAIT leftover is no conflict
            probe.bind(new InetSocketAddress("127.0.0.1", port));
        } catch (IOException e) {
            throw new Failure("port_in_use", 4, "port " + port + " on 127.0.0.1 is already in use: "
                    + e.getMessage(), e);
        }
    }

    /** Seeds the password before the very first start, so Bolt never listens with the default one. */
    static void writeInitialPassword(Path home, Path dataDir, String password) throws Failure {
        Config config = Config.newBuilder()
                .set(GraphDatabaseSettings.neo4j_home, home)
                .set(GraphDatabaseSettings.data_directory, dataDir)
                .build();
        Path file = CommunitySecurityModule.getInitialUserRepositoryFile(config);
        try {
            Files.createDirectories(file.getParent());
            Files.deleteIfExists(file);
            FileUserRepository repo = new FileUserRepository(new DefaultFileSystemAbstraction(), file,
                    NullLogProvider.getInstance(), EmptyMemoryTracker.INSTANCE);
            repo.start();
            PasswordCommand hasher = new PasswordCommand() {};
            repo.create(new User(USER, null,
                    hasher.createCredentialForPassword(password.getBytes(StandardCharsets.UTF_8)), false, false));
            repo.shutdown();
        } catch (Exception e) {
            throw new Failure("password", 5, "cannot write the initial password: " + describe(e), e);
        }
    }

    /** Makes the password of an existing data folder the one we were given (idempotent). */
    static void setPassword(GraphDatabaseService system, String password) throws Failure {
        try {
            system.executeTransactionally("ALTER USER " + USER + " SET PASSWORD $pw CHANGE NOT REQUIRED",
                    Map.of("pw", password));
        } catch (RuntimeException e) {
            String msg = String.valueOf(e.getMessage());
            if (msg.contains("cannot be the same")) {
                return; // already the right password
            }
            throw new Failure("password", 5, "cannot set the password: " + describe(e), e);
        }
    }

    static Failure classify(Throwable e, Path home, int port) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof FileLockException) {
                return new Failure("locked", 3, "data folder " + home
                        + " is locked by another process: " + c.getMessage(), e);
            }
            if (c instanceof BindException) {
                return new Failure("port_in_use", 4, "port " + port + " on 127.0.0.1 is already in use: "
                        + c.getMessage(), e);
            }
        }
        return new Failure("startup", 1, describe(e), e);
    }

    static void shutdown() {
        synchronized (SHUTDOWN_LOCK) {
            if (shutDown) {
                return;
            }
            shutDown = true;
            if (service != null) {
                try {
                    service.shutdown();
                } catch (RuntimeException e) {
                    System.err.println("kgdesk: shutdown error: " + describe(e));
                }
            }
        }
    }

    static void daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
    }

    static String describe(Throwable t) {
        StringBuilder sb = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (sb.length() > 0) {
                sb.append(" <- ");
            }
            sb.append(c.getClass().getSimpleName()).append(": ").append(c.getMessage());
            if (c.getCause() == c) {
                break;
            }
        }
        return sb.toString().replace('\n', ' ').replace('\r', ' ');
    }

    static void fail(Failure f) {
        if (f.getCause() != null) {
            f.getCause().printStackTrace();
        }
        OUT.println("KGDESK_ERROR kind=" + f.kind + " message=" + f.getMessage().replace('\n', ' '));
        System.err.println("kgdesk local graph server: " + f.getMessage());
        shutdown();
        // halt: a half-started DBMS may hold non-daemon threads
        Runtime.getRuntime().halt(f.exitCode);
    }
}
