"""证据图: the subgraph behind an answer, drawn natively (QGraphicsView). Nodes are the cited rows'
entities with their standard names, coloured by label; edges the relationships the plan walked.
Clicking a node opens its source row; the picture exports as PNG. The query and the layout run
off the GUI thread (kgdesk.app.evidence); the GUI thread only places the items."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QImage, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QFileDialog,
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from kgdesk.app.evidence import EvidenceGraph, EvidenceNode
from kgdesk.errors import KgdeskError
from kgdesk.ui.aio import run_sync, show_dialog
from kgdesk.ui.interaction_dialogs import DetailDialog
from kgdesk.ui.widgets import Banner, button, label, user_documents

if TYPE_CHECKING:
    from kgdesk.ui.context import UiContext

DETAIL_LOD = 0.45
"""Below this scale names and edge labels are too small to read and are not drawn (a 200-node
answer fitted into the window): what keeps the first paint of a large graph short."""
NODE_W = 200.0
NODE_H = 38.0
TEXT = QColor("#1f2937")
EDGE = QColor("#98a2b3")


class NodeItem(QGraphicsObject):
    """A rounded box with the label's colour bar and the standard name; emits `clicked`."""

    clicked = Signal(object)

    def __init__(self, node: EvidenceNode, color: str) -> None:
        super().__init__()
        self.node = node
        self.color = QColor(color)
        self.setPos(node.x, node.y)
        self.setToolTip(f"{node.label}：{node.name}\n" + ("点击查看来源行" if node.citation else "所查关系另一端的对象"))
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAcceptHoverEvents(True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, NODE_W, NODE_H)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if option.levelOfDetailFromTransform(painter.worldTransform()) < DETAIL_LOD:  # zoomed far out:
            painter.fillRect(self.boundingRect(), self.color)  # a coloured box is all one can see
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        path = QPainterPath()
        path.addRoundedRect(self.boundingRect(), 8, 8)
        fill = QColor(self.color)
        fill.setAlpha(28)
        painter.fillPath(path, QBrush(QColor("#ffffff")))
        painter.fillPath(path, QBrush(fill))
        painter.setPen(QPen(self.color, 1.4))
        painter.drawPath(path)
        painter.fillRect(QRectF(0, 6, 4, NODE_H - 12), self.color)
        painter.setPen(TEXT)
        font = QFont(painter.font())
        font.setPointSizeF(9)
        painter.setFont(font)
        text = painter.fontMetrics().elidedText(self.node.name, Qt.TextElideMode.ElideRight, int(NODE_W - 16))
        painter.drawText(QRectF(10, 0, NODE_W - 14, NODE_H), Qt.AlignmentFlag.AlignVCenter, text)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.node)
            event.accept()
            return
        super().mousePressEvent(event)


def build_scene(graph: EvidenceGraph) -> tuple[QGraphicsScene, dict[str, NodeItem]]:
    """Items for the laid-out graph: edges (with their type) under the nodes."""
    scene = QGraphicsScene()
    scene.setBackgroundBrush(QBrush(QColor("#ffffff")))
    items: dict[str, NodeItem] = {}
    for n in graph.nodes:
        item = NodeItem(n, graph.colors.get(n.label, "#4b5563"))
        item.setZValue(2)
        scene.addItem(item)
        items[n.id] = item
    edges = EdgesItem([(items[e.source].node, items[e.target].node, e.type) for e in graph.edges])
    edges.setZValue(0)
    scene.addItem(edges)
    font = QFont()
    font.setPointSizeF(8)
    for lbl in graph.labels:  # the column titles: each label's name above its first node
        first = next((n for n in graph.nodes if n.label == lbl), None)
        if first is not None:
            head = scene.addSimpleText(lbl, QFont(font.family(), 10, QFont.Weight.DemiBold))
            head.setBrush(QBrush(QColor(graph.colors.get(lbl, "#4b5563"))))
            head.setPos(first.x, first.y - 26)
    scene.setSceneRect(scene.itemsBoundingRect().adjusted(-20, -20, 20, 20))
    return scene, items


class EdgesItem(QGraphicsItem):
    """Every edge in one item: lines and arrow heads, and the type next to each when readable."""

    def __init__(self, edges: list[tuple[EvidenceNode, EvidenceNode, str]]) -> None:
        super().__init__()
        self.lines = [(QLineF(_anchor(a, b), _anchor(b, a)), t) for a, b, t in edges]
        xs = [p for ln, _ in self.lines for p in (ln.x1(), ln.x2())] or [0.0]
        ys = [p for ln, _ in self.lines for p in (ln.y1(), ln.y2())] or [0.0]
        self.rect = QRectF(min(xs) - 40, min(ys) - 20, max(xs) - min(xs) + 80, max(ys) - min(ys) + 40)

    def boundingRect(self) -> QRectF:
        return self.rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        detailed = option.levelOfDetailFromTransform(painter.worldTransform()) >= DETAIL_LOD
        if detailed:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(EDGE, 1.2))
        painter.drawLines([ln for ln, _ in self.lines])
        if not detailed:
            return
        painter.setBrush(QBrush(EDGE))
        for ln, _ in self.lines:
            painter.drawPolygon(_arrow(ln))
        font = QFont(painter.font())
        font.setPointSizeF(8)
        painter.setFont(font)
        painter.setPen(QColor("#475467"))
        metrics = painter.fontMetrics()
        for ln, text in self.lines:
            mid = ln.center()
            painter.drawText(QPointF(mid.x() - metrics.horizontalAdvance(text) / 2, mid.y() - 4), text)


def _anchor(a: EvidenceNode, b: EvidenceNode) -> QPointF:
    """Where an edge leaves `a` towards `b`: the middle of the facing side."""
    if abs(a.x - b.x) < 1:
        return QPointF(a.x + NODE_W / 2, a.y + (NODE_H if b.y > a.y else 0))
    return QPointF(a.x + (NODE_W if b.x > a.x else 0), a.y + NODE_H / 2)


def _arrow(line: QLineF, size: float = 7.0) -> QPolygonF:
    back = QLineF(line.p2(), line.p1())
    back.setLength(size)
    left = QLineF(back)
    left.setAngle(back.angle() + 25)
    right = QLineF(back)
    right.setAngle(back.angle() - 25)
    return QPolygonF([line.p2(), left.p2(), right.p2()])


def render_png(scene: QGraphicsScene, path: Path) -> Path:
    """The whole picture at twice the scene's size (sharp when printed or zoomed)."""
    rect = scene.sceneRect()
    image = QImage(int(rect.width() * 2), int(rect.height() * 2), QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    path = path if path.suffix.lower() == ".png" else path.with_suffix(".png")
    if not image.save(str(path)):  # the format follows the suffix
        raise KgdeskError(f"无法保存图片：{path}")
    return path


class EvidenceDialog(DetailDialog):
    """The picture, a legend line, 导出图片 and 适合窗口."""

    node_clicked = Signal(object)

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent, "证据图", "evidenceDialog")
        self.resize(1000, 680)
        self.subtitle.setText("正在读取答案背后的数据…")
        self.banner = Banner()
        self.root.insertWidget(2, self.banner)
        self.view = QGraphicsView()
        self.view.setObjectName("evidenceView")
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.view.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.body.addWidget(self.view)
        self.legend = label("", "muted", wrap=True)
        self.root.insertWidget(3, self.legend)
        self.fit_btn = button("适合窗口", "refresh")
        self.png_btn = button("导出图片（PNG）", "export")
        self.png_btn.setEnabled(False)
        self.extra.addWidget(self.fit_btn)
        self.extra.addWidget(self.png_btn)
        self.fit_btn.clicked.connect(self.fit)
        self.graph: EvidenceGraph | None = None
        self.items: dict[str, NodeItem] = {}
        self.scene_: QGraphicsScene | None = None

    def show_graph(self, graph: EvidenceGraph) -> None:
        self.graph = graph
        self.scene_, self.items = build_scene(graph)
        self.view.setScene(self.scene_)
        for item in self.items.values():
            item.clicked.connect(self.node_clicked)
        counts = {lbl: sum(1 for n in graph.nodes if n.label == lbl) for lbl in graph.labels}
        self.subtitle.setText(f"{len(graph.nodes)} 个数据对象 · {len(graph.edges)} 条关系 · 点击一个对象查看它的来源行")
        legend = "　".join(f"<span style='color:{graph.colors[lbl]}'>■</span> {lbl} {n}" for lbl, n in counts.items())
        self.legend.setText(legend)
        if graph.left_out:
            self.banner.show_message("info", f"另有 {graph.left_out} 个引用的数据对象没有画出（图中最多画 {len(graph.nodes)} 个）。")
        self.png_btn.setEnabled(bool(graph.nodes))
        self.fit()

    def fit(self) -> None:
        if self.scene_ is not None:
            self.view.fitInView(self.scene_.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def show_error(self, message: str) -> None:
        self.subtitle.setText("")
        self.banner.show_message("error", message)


async def open_evidence(ctx: UiContext, parent: QWidget, doc: dict[str, Any]) -> EvidenceDialog:
    from kgdesk.ui.detail_dialogs import open_citation

    dlg = EvidenceDialog(parent)
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    citations = list(doc.get("citations") or [])

    def open_node(node: EvidenceNode) -> None:
        if not node.citation:
            dlg.banner.show_message("info", f"「{node.name}」没有被答案直接引用：它是所查关系另一端的{node.label}。")
        elif node.citation <= len(citations):
            ctx.tasks.spawn("evidence.citation", open_citation(
                ctx, dlg, citations[node.citation - 1], doc.get("version"), node.citation))

    def ask_png() -> None:
        fd = QFileDialog(dlg, "导出证据图", str(Path(user_documents()) / "证据图.png"), "PNG 图片 (*.png)")
        fd.setObjectName("exportPngDialog")
        fd.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        fd.setDefaultSuffix("png")
        fd.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        fd.fileSelected.connect(lambda f: save_png(dlg, Path(f)))
        fd.open()

    dlg.node_clicked.connect(open_node)
    dlg.png_btn.clicked.connect(ask_png)
    load = ctx.tasks.spawn("evidence.load", _load(ctx, dlg, doc))
    ctx.tasks.spawn("evidence.dialog", _show(dlg, load))
    return dlg


async def _show(dlg: EvidenceDialog, load: Any) -> None:
    try:
        await show_dialog(dlg)
    finally:
        load.cancel()


async def _load(ctx: UiContext, dlg: EvidenceDialog, doc: dict[str, Any]) -> None:
    try:
        graph = await run_sync(ctx.desktop.evidence.graph, doc)
    except KgdeskError as e:
        dlg.show_error(f"无法画出证据图：{e.message}")
        return
    dlg.show_graph(graph)


def save_png(dlg: EvidenceDialog, path: Path) -> None:
    if dlg.scene_ is None:
        return
    try:
        render_png(dlg.scene_, path)
    except KgdeskError as e:
        dlg.banner.show_message("error", e.message)
        return
    dlg.banner.show_message("success", f"已导出到 {path}")
