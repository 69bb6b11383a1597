"""The knowledge graph: the local Neo4j server, connections, building and publishing versions."""
