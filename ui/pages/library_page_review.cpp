// The Library page's reviews: starting and cancelling one on the ReviewSession, its progress,
// and the review shown with the replayed game (graph, summary, the line of the shown ply).
#include "ui/pages/library_page.h"

#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>

#include "core/xiangqi/notation.h"
#include "ui/db_location.h"
#include "ui/facade/model_choice.h"
#include "ui/facade/review_session.h"
#include "ui/library/review_graph.h"
#include "ui/settings_dialog.h"

namespace xqui {

void LibraryPage::setModelChoice(ModelChoice* choice) {
    models_ = choice;
    if (models_) connect(models_, &ModelChoice::currentChanged, this, &LibraryPage::refreshReviewControls);
    refreshReviewControls();
}

bool LibraryPage::reviewing() const {
    return reviewSession_->running();
}

bool LibraryPage::startReview() {
    if (!replay_ || replay_->moves.empty() || reviewing()) return false;
    if (!models_ || !models_->current()) {
        showMessage(tr("No network to review with: choose a model on the Play or Analyze page, "
                       "or train a run on the Train page."),
                    true);
        return false;
    }
    ReviewRequest req;
    req.database = dbPath_;
    req.gameId = replay_->id;
    req.startFen = replay_->startFen;
    for (const auto& m : replay_->moves) req.moves.push_back(m.move);
    req.modelFile = models_->currentFile();
    // Stored with the review, so untranslated, and as `xqzero review` names it: "RUN gen N",
    // or the file's absolute path.
    const ModelEntry& model = *models_->current();
    req.modelLabel = model.runName.isEmpty()
                         ? model.file
                         : QStringLiteral("%1 gen %2").arg(model.runName).arg(model.generation);
    req.simulations = reviewSims_->value();
    if (reviewSession_->start(req) == 0) return false;
    reviewingGame_ = replay_->id;
    reviewProgress_->setRange(0, int(req.moves.size()) + 1);
    reviewProgress_->setValue(0);
    reviewProgress_->setFormat(tr("Reviewing… %v of %m positions"));
    refreshReviewControls();
    emit statusMessage(tr("Reviewing game %1 with %2").arg(reviewingGame_).arg(req.modelLabel));
    return true;
}

void LibraryPage::cancelReview() {
    reviewSession_->cancel();
}

void LibraryPage::reviewGame(int64_t gameId) {
    reviewPendingFor_ = gameId;
    openGame(gameId);
}

void LibraryPage::onReviewProgress(const ReviewProgressInfo& p) {
    if (p.id != reviewSession_->currentRequest()) return;
    reviewProgress_->setRange(0, p.total);
    reviewProgress_->setValue(p.done);
}

void LibraryPage::onReviewFinished(const ReviewReply& reply) {
    const int64_t game = reviewingGame_;
    reviewingGame_ = 0;
    refreshReviewControls();
    if (reply.cancelled) {
        emit statusMessage(tr("Review of game %1 cancelled").arg(game));
        return;
    }
    if (!reply.error.isEmpty()) {
        showMessage(tr("Cannot review game %1: %2").arg(game).arg(reply.error), true);
        return;
    }
    if (!reply.stored)
        showMessage(tr("The review of game %1 was not stored in %2: %3")
                        .arg(game)
                        .arg(displayDatabase(reply.database), reply.storeError),
                    true);
    else
        emit statusMessage(tr("Review of game %1 stored with it").arg(game));
    // Shown when its game is still the one replayed (the user may have moved on meanwhile).
    if (replay_ && replay_->id == reply.gameId && reply.database == dbPath_)
        showReview(reply.review);
}

void LibraryPage::showReview(std::optional<xq::engine::GameReview> review) {
    std::vector<xq::Move> moves;
    if (replay_)
        for (const auto& m : replay_->moves) moves.push_back(m.move);
    if (review && !xq::engine::reviewMatches(*review, moves)) review.reset();
    review_ = std::move(review);
    if (review_) {
        graph_->setReview(*review_);
        reviewSummary_->setText(reviewSummaryText());
    } else {
        graph_->clear();
    }
    graph_->setVisible(review_.has_value());
    reviewSummary_->setVisible(review_.has_value());
    fillMoveList();
    refreshReplay();
    refreshReviewControls();
    if (review_) emit reviewShown();
}

void LibraryPage::refreshReviewControls() {
    if (!reviewBtn_) return;
    const bool running = reviewing();
    reviewBtn_->setEnabled(!running && replay_ && !replay_->moves.empty());
    reviewBtn_->setText(review_ ? tr("Review again") : tr("Review"));
    reviewSims_->setEnabled(!running);
    reviewProgress_->setVisible(running);
    cancelReviewBtn_->setVisible(running);
    const auto* model = models_ ? &models_->current() : nullptr;
    reviewBtn_->setToolTip(
        model && *model
            ? tr("Search every position of this game with %1 and mark its inaccuracies, "
                 "mistakes and blunders; the review is stored with the game")
                  .arg(ModelChoice::describe(**model))
            : tr("Choose a model on the Play or Analyze page first (or train a run)"));
}

QString LibraryPage::reviewSummaryText() const {
    if (!review_) return {};
    auto side = [](const QString& name, const xq::engine::SideSummary& s) {
        return tr("%1: average loss %2%, %3 ?!, %4 ?, %5 ??")
            .arg(name)
            .arg(s.averageLoss * 100, 0, 'f', 1)
            .arg(s.inaccuracies)
            .arg(s.mistakes)
            .arg(s.blunders);
    };
    // A model file is named by its path; its file name says enough here.
    const QString model = QString::fromStdString(review_->model);
    return tr("Review by %1 at %2 simulations a position — %3 · %4")
        .arg(model.contains(QLatin1Char('/')) ? QFileInfo(model).fileName() : model)
        .arg(review_->simulations)
        .arg(side(tr("Red"), review_->red), side(tr("Black"), review_->black));
}

QString LibraryPage::reviewLine(const xq::engine::MoveReview& m) const {
    const xq::Notation notation = notationSetting();
    const xq::Position pos = positionShown();
    auto signedValue = [](float v) {
        return (v >= 0 ? QStringLiteral("+") : QString()) + QString::number(v, 'f', 2);
    };
    QString mark;
    switch (m.mark) {
        case xq::engine::MoveMark::Inaccuracy: mark = tr(" — an inaccuracy (?!)"); break;
        case xq::engine::MoveMark::Mistake: mark = tr(" — a mistake (?)"); break;
        case xq::engine::MoveMark::Blunder: mark = tr(" — a blunder (\?\?)"); break;
        case xq::engine::MoveMark::None: break;
    }
    // Numbered as the move list numbers it (full moves from the start FEN's).
    const bool blackStarted = (pos.sideToMove() == xq::Black) != (m.ply % 2 == 1);
    const int full = pos.fullmoveStart() + (m.ply + (blackStarted ? 1 : 0)) / 2;
    const QString number = pos.sideToMove() == xq::Red ? QStringLiteral("%1.").arg(full)
                                                       : QStringLiteral("%1…").arg(full);
    const QString played = number + QStringLiteral(" ") +
                           QString::fromStdString(xq::formatMove(pos, m.move, notation));
    QString text = tr("Review of the next move, %1: the mover's value goes from %2 to %3, giving "
                      "away %4% win chance%5")
                       .arg(played, signedValue(m.valueBefore), signedValue(m.valueAfter))
                       .arg(m.loss * 100, 0, 'f', 1)
                       .arg(mark);
    if (m.best && pos.isLegal(m.best)) {
        QString line;
        xq::Position p = pos;
        for (xq::Move x : m.pv) {
            if (!p.isLegal(x)) break;
            line += (line.isEmpty() ? QString() : QStringLiteral(" ")) +
                    QString::fromStdString(xq::formatMove(p, x, notation));
            p.makeMove(x);
        }
        text += QStringLiteral("\n") + tr("Best (green arrow): %1; line: %2")
                                           .arg(QString::fromStdString(xq::formatMove(pos, m.best, notation)),
                                                line);
    }
    return text;
}

}  // namespace xqui
