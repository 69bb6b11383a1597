package kgdesk.localserver;

import java.io.PrintStream;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Result;
import org.neo4j.graphdb.Transaction;

/**
 * A short write-and-read workload run once in the background right after the server is ready, so
 * the user's first build does not pay for a cold JVM: the Cypher parser, planner and runtime,
 * the store and index writers get loaded and compiled by this instead.
 *
 * <p>Every round is one transaction that is rolled back: nothing is ever committed, so the
 * database holds exactly what it held before (only the warm-up's label, type and property names
 * enter the token store, as any statement naming them would). Readiness is not delayed: the
 * parent already has {@code KGDESK_READY}; this prints {@code KGDESK_WARM_UP ms=N} when done.
 */
final class WarmUp {
    static final String LABEL = "_KgdeskWarmUp";
    static final String TYPE = "_KGDESK_WARM_UP";
    private static final int ROUNDS = 3;
    private static final int ROWS = 1000;
    /** Relationship rows: without the builder's _uid indexes every end-node lookup is a label scan. */
    private static final int RELS = 100;

    private WarmUp() {}

    static void run(GraphDatabaseService db, PrintStream out) {
        long t0 = System.nanoTime();
        try {
            for (int round = 0; round < ROUNDS; round++) {
                round(db, round);
            }
            out.println("KGDESK_WARM_UP ms=" + (System.nanoTime() - t0) / 1_000_000);
        } catch (RuntimeException e) {
            // shut down while warming up, or the database is not available: the warm-up is optional
            out.println("KGDESK_WARM_UP skipped=" + e.getClass().getSimpleName());
        }
    }

    private static void round(GraphDatabaseService db, int round) {
        String version = "warm-up-" + round;
        List<Map<String, Object>> nodes = new ArrayList<>(ROWS);
        List<Map<String, Object>> rels = new ArrayList<>(RELS);
        for (int i = 0; i < ROWS; i++) {
            Map<String, Object> row = new HashMap<>();
            row.put("_uid", version + "#" + i);
            row.put("_key", "K" + i);
            row.put("_version", version);
            row.put("名称", "预热节点" + (i % 97));
            row.put("编号", (long) i);
            row.put("金额", i * 1.25);
            row.put("日期", LocalDate.of(2026, 1 + i % 12, 1 + i % 28));
            row.put("标签", List.of("甲", "乙" + (i % 5)));
            nodes.add(row);
            if (i >= RELS) {
                continue;
            }
            Map<String, Object> rel = new HashMap<>();
            rel.put("s", version + "#" + i);
            rel.put("e", version + "#" + (i * 7 + 1) % ROWS);
            rel.put("p", Map.of("_version", version, "月份", "2026-" + (1 + i % 12)));
            rels.add(rel);
        }
        try (Transaction tx = db.beginTx()) {
            consume(tx.execute("UNWIND $rows AS row CREATE (n:" + LABEL + ") SET n = row", Map.of("rows", nodes)));
            consume(tx.execute("UNWIND $rows AS row MERGE (n:" + LABEL + " {_uid: row._uid}) SET n += row",
                    Map.of("rows", nodes.subList(0, RELS / 4))));
            consume(tx.execute("UNWIND $rows AS row MATCH (a:" + LABEL + " {_uid: row.s}) MATCH (b:" + LABEL
                    + " {_uid: row.e}) CREATE (a)-[r:" + TYPE + "]->(b) SET r = row.p", Map.of("rows", rels)));
            consume(tx.execute("MATCH (n:" + LABEL + ") WHERE n._version = $v RETURN count(n) AS c",
                    Map.of("v", version)));
            consume(tx.execute("MATCH (:" + LABEL + ")-[r:" + TYPE + "]->(:" + LABEL
                    + ") WHERE r._version = $v RETURN count(r) AS c", Map.of("v", version)));
            consume(tx.execute("MATCH (n:" + LABEL + ") WHERE n._version = $v WITH n.名称 AS k, count(*) AS c, "
                    + "sum(n.金额) AS s, min(n.日期) AS d RETURN k, c, s, d ORDER BY c DESC, k LIMIT 20",
                    Map.of("v", version)));
            consume(tx.execute("MATCH (a:" + LABEL + " {_key: $k})-[r:" + TYPE + "]-(b) RETURN a, r, b LIMIT 50",
                    Map.of("k", "K" + round)));
            tx.rollback();
        }
    }

    private static void consume(Result result) {
        try (result) {
            while (result.hasNext()) {
                result.next();
            }
        }
    }
}
