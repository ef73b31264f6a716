// The Library page's replay of the chosen game: the move list, the board with the search's
// visits at each ply, the texts under it, and the game as PGN.
#include "ui/pages/library_page.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>

#include "core/xiangqi/fen.h"
#include "core/xiangqi/notation.h"
#include "core/xiangqi/pgn.h"
#include "ui/board/board_widget.h"
#include "ui/library/game_table_model.h"
#include "ui/library/library_texts.h"
#include "ui/library/review_graph.h"
#include "ui/library/visit_overlay.h"
#include "ui/settings_dialog.h"

namespace xqui {

namespace {

// The position the game starts from: its start FEN, or the standard one when it has none.
xq::Position startPosition(const xq::store::GameRecord& g) {
    return xq::positionFromFen(g.startFen.empty() ? xq::toFen(xq::Position()) : g.startFen);
}

}  // namespace

void LibraryPage::onGameLoaded(const GameLoadResult& r) {
    if (!r.error.isEmpty() || !r.found) {
        const QString why = r.error.isEmpty() ? tr("it is no longer in the database") : r.error;
        showMessage(tr("Cannot load game %1: %2").arg(selectedId_).arg(why), true);
        replay_.reset();
    } else {
        replay_ = r.game;
    }
    ply_ = 0;
    review_.reset();
    showReview(r.found ? r.review : std::nullopt);
    if (reviewPendingFor_ != 0 && replay_ && replay_->id == reviewPendingFor_) {
        reviewPendingFor_ = 0;
        if (!review_) startReview();
    }
}

void LibraryPage::fillMoveList() {
    QSignalBlocker block(moves_);
    moves_->clear();
    if (!replay_) return;
    const xq::Notation notation = notationSetting();
    moves_->addItem(tr("Start position"));
    xq::Position pos = startPosition(*replay_);
    int number = pos.fullmoveStart();
    for (const auto& mr : replay_->moves) {
        const bool red = pos.sideToMove() == xq::Red;
        QString text = QString::fromStdString(xq::formatMove(pos, mr.move, notation));
        const xq::engine::MoveReview* rev =
            review_ ? &review_->moves[size_t(moves_->count() - 1)] : nullptr;
        if (rev && rev->mark != xq::engine::MoveMark::None)
            text += QStringLiteral(" ") + QString::fromLatin1(xq::engine::moveMarkSymbol(rev->mark));
        moves_->addItem(red ? QStringLiteral("%1. %2").arg(number).arg(text)
                            : QStringLiteral("%1… %2").arg(number).arg(text));
        if (rev && rev->mark != xq::engine::MoveMark::None) {
            static const QColor colors[] = {QColor(), QColor(160, 120, 0), QColor(205, 95, 0),
                                            QColor(190, 20, 20)};
            QListWidgetItem* item = moves_->item(moves_->count() - 1);
            item->setForeground(colors[int(rev->mark)]);
            QFont f = item->font();
            f.setBold(true);
            item->setFont(f);
        }
        if (!red) ++number;
        pos.makeMove(mr.move);
    }
}

void LibraryPage::last() {
    showPly(replay_ ? int(replay_->moves.size()) : 0);
}

void LibraryPage::showPly(int ply) {
    if (!replay_) return;
    ply_ = qBound(0, ply, int(replay_->moves.size()));
    refreshReplay();
}

QString LibraryPage::valueText() const {
    return info_->text();
}

void LibraryPage::refreshReplay() {
    const bool have = replay_.has_value();
    for (QPushButton* b : {firstBtn_, prevBtn_, nextBtn_, lastBtn_}) b->setEnabled(have);
    if (!have) {
        board_->setPosition(xq::Position());
        board_->clearHeatmap();
        board_->clearArrows();
        header_->setText(tr("Choose a game in the list to replay it."));
        analyzeBtn_->setEnabled(false);
        savePgnBtn_->setEnabled(false);
        info_->clear();
        return;
    }
    const xq::store::GameRecord& g = *replay_;
    const int plies = int(g.moves.size());
    analyzeBtn_->setEnabled(true);
    savePgnBtn_->setEnabled(true);
    // Imported games often have a result but no reason: no empty "()" then.
    if (g.reason == xq::Reason::None)
        header_->setText(tr("%1 vs %2 — %3")
                             .arg(LibraryTexts::player(g.red), LibraryTexts::player(g.black),
                                  LibraryTexts::result(g.result)));
    else
        header_->setText(tr("%1 vs %2 — %3 (%4)")
                             .arg(LibraryTexts::player(g.red), LibraryTexts::player(g.black),
                                  LibraryTexts::result(g.result), LibraryTexts::reason(g.reason)));
    const xq::Position pos = positionShown();
    board_->setPosition(pos, ply_ > 0 ? g.moves[size_t(ply_ - 1)].move : xq::Move());
    graph_->setCurrentPly(ply_);
    firstBtn_->setEnabled(ply_ > 0);
    prevBtn_->setEnabled(ply_ > 0);
    nextBtn_->setEnabled(ply_ < plies);
    lastBtn_->setEnabled(ply_ < plies);
    {
        QSignalBlocker block(moves_);
        moves_->setCurrentRow(ply_);
    }
    const QString side = pos.sideToMove() == xq::Red ? tr("Red to move") : tr("Black to move");
    QString text = tr("Ply %1 of %2 · %3").arg(ply_).arg(plies).arg(side);
    if (ply_ == plies) {
        // The final position: nothing was searched here; show where the game went.
        board_->clearHeatmap();
        board_->clearArrows();
        text += QStringLiteral("\n") + tr("Final position: %1").arg(LibraryTexts::result(g.result));
        info_->setText(text);
        return;
    }
    // The search that chose the next move: its visits, its value, and the move played.
    const xq::store::MoveRecord& mr = g.moves[size_t(ply_)];
    board_->setHeatmap(visitHeatmap(mr));
    const xq::engine::MoveReview* rev = review_ ? &review_->moves[size_t(ply_)] : nullptr;
    QVector<BoardArrow> arrows{playedArrow(mr.move)};
    if (rev && rev->best && rev->best != mr.move)
        arrows.prepend(BoardArrow{rev->best, QColor(30, 160, 70, 190), 0.2});
    board_->setArrows(arrows);
    if (rev) text += QStringLiteral("\n") + reviewLine(*rev);
    if (mr.rootValue)
        text += QStringLiteral("\n") +
                tr("Search value for the side to move: %1").arg(*mr.rootValue, 0, 'f', 3);
    if (const quint64 visits = totalVisits(mr))
        text += QStringLiteral("\n") + tr("%1 visits over %2 moves; the arrow is the move played")
                                           .arg(visits)
                                           .arg(mr.visits.size());
    else
        text +=
            QStringLiteral("\n") + tr("No search data for this move; the arrow is the move played");
    info_->setText(text);
}

xq::Position LibraryPage::positionShown() const {
    if (!replay_) return xq::Position();
    xq::Position pos = startPosition(*replay_);
    for (int i = 0; i < ply_ && i < int(replay_->moves.size()); ++i)
        pos.makeMove(replay_->moves[size_t(i)].move);
    return pos;
}

void LibraryPage::prepareScreenshot(int64_t gameId) {
    setSynchronous(true);
    refresh();
    if (gameId > 0) {
        openGame(gameId);
        // The worst marked move of its review, else a position from its middle.
        int ply = replay_ ? qMin(int(replay_->moves.size()) / 3, 16) : 0;
        float worst = -1;
        if (review_)
            for (const auto& m : review_->moves)
                if (m.mark != xq::engine::MoveMark::None && m.loss > worst) worst = m.loss, ply = m.ply;
        showPly(ply);
        setSynchronous(false);
        return;
    }
    int row = -1;
    for (int i = 0; i < model_->rowCount() && row < 0; ++i)
        if (model_->game(i).kind == xq::store::GameKind::SelfPlay && model_->game(i).plies > 6)
            row = i;
    if (row < 0 && model_->rowCount() > 0) row = 0;
    if (row >= 0) {
        selectRow(row);
        if (replay_) showPly(qMin(int(replay_->moves.size()) / 3, 16));
    }
    setSynchronous(false);
}

QString LibraryPage::pgnText() const {
    if (!replay_) return {};
    xq::PgnGame g;
    g.setTag("Red", replay_->red);
    g.setTag("Black", replay_->black);
    if (review_)
        g.setTag("Annotator", "XQZero review, " + review_->model + ", " +
                                  std::to_string(review_->simulations) + " simulations");
    g.startFen = replay_->startFen;
    for (const auto& m : replay_->moves) g.moves.push_back(m.move);
    g.result = replay_->result;
    if (review_) g.notes = xq::engine::reviewPgnNotes(*review_, g.startPosition(), xq::Notation::Iccs);
    return QString::fromStdString(xq::writePgn(g, xq::Notation::Iccs));
}

void LibraryPage::savePgn() {
    if (!replay_) return;
    QSettings s;
    QString file = QFileDialog::getSaveFileName(this, tr("Save PGN"), s.value("ui/lastDir").toString(),
                                                tr("PGN files (*.pgn)"));
    if (file.isEmpty()) return;
    if (QFileInfo(file).suffix().isEmpty()) file += QStringLiteral(".pgn");
    s.setValue("ui/lastDir", QFileInfo(file).absolutePath());
    QFile f(file);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(pgnText().toUtf8()) < 0)
        showMessage(tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(file), f.errorString()), true);
    else
        emit statusMessage(tr("Saved game %1 to %2").arg(replay_->id).arg(QDir::toNativeSeparators(file)));
}

}  // namespace xqui
