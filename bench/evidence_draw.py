"""The evidence graph of a large answer: how long the GUI thread stalls while it is drawn.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python bench/evidence_draw.py [--nodes 200] [--runs 5]

Side by side, for the same answer: the layout (kgdesk.app.evidence.layout, run off the GUI thread
by the desktop) and placing the items on the GUI thread (EvidenceDialog.show_graph), plus the
longest gap of a 5 ms heartbeat QTimer while the dialog is filled. Prints medians and the ratio
of the GUI-thread part to the whole; the target (issue 15) is no stall over 100 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


class Beat:
    """Gaps between heartbeats (a bound method as the slot, as the app's timers)."""

    def __init__(self) -> None:
        self.gaps: list[float] = []
        self.last = time.perf_counter()

    def tick(self) -> None:
        now = time.perf_counter()
        self.gaps.append((now - self.last) * 1000)
        self.last = now


class Draw:
    def __init__(self, dlg: object, graph: object) -> None:
        self.dlg, self.graph, self.ms = dlg, graph, 0.0

    def draw(self) -> None:
        """What the dialog does on the GUI thread when the layout arrives."""
        t = time.perf_counter()
        self.dlg.show_graph(self.graph)  # type: ignore[attr-defined]
        self.ms = (time.perf_counter() - t) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--nodes", type=int, default=200)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()

    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from kgdesk.app.evidence import EvidenceEdge, layout
    from kgdesk.ui import theme
    from kgdesk.ui.evidence import EvidenceDialog

    app = QApplication([])
    theme.apply_theme(app)
    projects = max(1, args.nodes // 20)
    people = args.nodes - projects
    found = [(f"p{i}", "人员", f"员工{i:04d}（KWL{i:04d}）", i + 1) for i in range(people)]
    found += [(f"x{i}", "项目", f"青浦-项目{i}（XMSQ{i:04d}）", people + i + 1) for i in range(projects)]
    edges = [EvidenceEdge(f"p{i}", f"x{i % projects}", "服务于") for i in range(people)]
    plan = {"steps": [{"entity": "人员", "hops": [{"rel": "服务于", "target": "项目"}]}]}

    lay_ms, draw_ms, gap_ms = [], [], []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        graph = layout(found, edges, plan)
        lay_ms.append((time.perf_counter() - t0) * 1000)
        dlg = EvidenceDialog(None)
        dlg.show()
        app.processEvents()
        beat = Beat()
        timer = QTimer()
        timer.setInterval(5)
        timer.timeout.connect(beat.tick)
        run = Draw(dlg, graph)
        loop = QEventLoop()
        QTimer.singleShot(100, run.draw)
        QTimer.singleShot(400, loop.quit)
        timer.start()
        loop.exec()
        draw_ms.append(run.ms)
        timer.stop()
        gap_ms.append(max(beat.gaps))
        dlg.close()
        dlg.deleteLater()
        app.processEvents()

    lay, draw, gap = statistics.median(lay_ms), statistics.median(draw_ms), statistics.median(gap_ms)
    print(f"证据图 {args.nodes} 个节点（{args.runs} 次的中位数）")
    print(f"  布局（后台线程）          {lay:7.1f} ms")
    print(f"  放置图元（GUI 线程）      {draw:7.1f} ms")
    print(f"  心跳最长间隔（GUI 线程）  {gap:7.1f} ms（目标 < 100 ms）")
    print(f"  GUI 线程部分 / 全部        {draw / (draw + lay):.2f}")


if __name__ == "__main__":
    main()
