#include "ui/facade/play_session.h"

#include <QDate>
#include <QDateTime>
#include <QDir>
#include <QLocale>

#include "core/engine/levels.h"
#include "core/xiangqi/fen.h"
#include "core/xiangqi/pgn.h"
#include "ui/facade/model_choice.h"
#include "ui/facade/studio_facade.h"

namespace xqui {

namespace {

QString reasonText(xq::Reason r) {
    switch (r) {
        case xq::Reason::Checkmate: return PlaySession::tr("checkmate");
        case xq::Reason::Stalemate: return PlaySession::tr("no legal move (stalemate loses)");
        case xq::Reason::PerpetualCheck: return PlaySession::tr("perpetual check loses");
        case xq::Reason::Repetition: return PlaySession::tr("threefold repetition");
        case xq::Reason::Rule60:
            return PlaySession::tr("60-move rule (120 plies without a capture)");
        case xq::Reason::Material: return PlaySession::tr("neither side can attack");
        case xq::Reason::LengthCap: return PlaySession::tr("game length limit");
        case xq::Reason::Resignation: return PlaySession::tr("resignation");
        case xq::Reason::Adjudication: return PlaySession::tr("adjudication");
        case xq::Reason::PerpetualChase: return PlaySession::tr("perpetual chase loses");
        case xq::Reason::None: break;
    }
    return {};
}

// "black horse", for the perpetual-chase banner.
QString pieceText(xq::Piece p) {
    static const char* const red[] = {"",
                                      QT_TRANSLATE_NOOP("xqui::PlaySession", "red king"),
                                      QT_TRANSLATE_NOOP("xqui::PlaySession", "red advisor"),
                                      QT_TRANSLATE_NOOP("xqui::PlaySession", "red elephant"),
                                      QT_TRANSLATE_NOOP("xqui::PlaySession", "red horse"),
                                      QT_TRANSLATE_NOOP("xqui::PlaySession", "red rook"),
                                      QT_TRANSLATE_NOOP("xqui::PlaySession", "red cannon"),
                                      QT_TRANSLATE_NOOP("xqui::PlaySession", "red pawn")};
    static const char* const black[] = {"",
                                        QT_TRANSLATE_NOOP("xqui::PlaySession", "black king"),
                                        QT_TRANSLATE_NOOP("xqui::PlaySession", "black advisor"),
                                        QT_TRANSLATE_NOOP("xqui::PlaySession", "black elephant"),
                                        QT_TRANSLATE_NOOP("xqui::PlaySession", "black horse"),
                                        QT_TRANSLATE_NOOP("xqui::PlaySession", "black rook"),
                                        QT_TRANSLATE_NOOP("xqui::PlaySession", "black cannon"),
                                        QT_TRANSLATE_NOOP("xqui::PlaySession", "black pawn")};
    if (p == xq::NoPiece) return {};
    return PlaySession::tr((xq::colorOf(p) == xq::Red ? red : black)[xq::typeOf(p)]);
}

}  // namespace

PlaySession::PlaySession(StudioFacade* facade, QObject* parent)
    : QObject(parent), facade_(facade) {
    connect(facade_, &StudioFacade::engineMoved, this, &PlaySession::onEngineMoved);
    connect(facade_, &StudioFacade::engineProgress, this, &PlaySession::onEngineProgress);
    connect(facade_, &StudioFacade::engineSnapshot, this, &PlaySession::onEngineSnapshot);
    connect(facade_, &StudioFacade::thinkingChanged, this, &PlaySession::stateChanged);
    connect(facade_, &StudioFacade::gameStored, this, &PlaySession::onGameStored);
    game_.reset();
    gameStartedMs_ = QDateTime::currentMSecsSinceEpoch();
}

bool PlaySession::engineBusy() const { return facade_->thinking(); }

// --- starting over --------------------------------------------------------------------------

void PlaySession::cancelSearch() {
    facade_->cancel();
    aiRequest_ = hintRequest_ = 0;
}

void PlaySession::restart(const xq::Position& start, const std::vector<xq::Move>& moves) {
    cancelSearch();
    facade_->newGame();
    game_.reset(start);
    for (xq::Move m : moves) game_.play(m);
    gameStartedMs_ = QDateTime::currentMSecsSinceEpoch();
    storePending_ = false;
    storedGameId_ = 0;
    setError({});
}

void PlaySession::newGame() {
    restart(xq::Position());
    afterChange();
    emit statusMessage(tr("New game: you play %1 against %2.")
                           .arg(human_ == xq::Red ? tr("Red") : tr("Black"),
                                StudioFacade::levelName(level_)));
}

bool PlaySession::startFromFen(const QString& fen) {
    xq::Position pos;
    if (auto err = xq::parseFen(fen.trimmed().toStdString(), pos)) {
        setError(tr("This FEN was not loaded, the game is unchanged: %1")
                     .arg(QString::fromStdString(err->toString())));
        return false;
    }
    restart(pos);
    afterChange();
    emit statusMessage(tr("Position set from FEN."));
    return true;
}

bool PlaySession::loadPgn(const QString& text, QString* error) {
    const xq::PgnReadResult r = xq::readPgn(text.toStdString());
    if (!r.ok()) {
        const QString msg = tr("Not a readable Xiangqi PGN, the game is unchanged: %1")
                                .arg(QString::fromStdString(r.error->toString()));
        if (error) *error = msg;
        setError(msg);
        return false;
    }
    const xq::PgnGame& g = r.games.front();
    restart(g.startPosition(), g.moves);  // the reader checked the moves legal
    // A loaded game continues with the human on the side to move (no surprise reply).
    human_ = game_.current().sideToMove();
    emit humanColorChanged(human_);
    afterChange();
    emit statusMessage(tr("Loaded a game of %n move(s).", nullptr, game_.plies()));
    return true;
}

// --- the human's actions --------------------------------------------------------------------

bool PlaySession::playHumanMove(xq::Move m) {
    if (aiThinking() || !humanToMove()) return false;
    if (!game_.play(m)) return false;
    storePending_ = true;
    setError({});
    afterChange();
    return true;
}

void PlaySession::undo() {
    if (game_.plies() == 0) return;
    cancelSearch();
    do {
        game_.takeBack(1);
    } while (game_.plies() > 0 && game_.current().sideToMove() != human_);
    storedGameId_ = 0;  // the game is no longer the stored one
    setError({});
    afterChange();
}

void PlaySession::hint() {
    if (aiThinking() || !humanToMove()) return;
    EngineRequest req;
    req.startFen = game_.startFen();
    req.moves = game_.moves();
    req.level = PlayLevel::Advanced;
    req.hint = true;
    hintRequest_ = facade_->requestMove(req);
    emit thinkingTextChanged(tr("Looking for a hint…"));
}

void PlaySession::resign() {
    if (!canResign()) return;
    cancelSearch();
    game_.resign(human_);
    storePending_ = true;
    afterChange();
}

void PlaySession::moveNow() {
    if (aiThinking()) facade_->moveNow();
}

void PlaySession::setHumanColor(xq::Color c) {
    if (human_ == c) return;
    if (hintRequest_) facade_->cancel();
    hintRequest_ = 0;
    human_ = c;
    emit humanColorChanged(c);
    afterChange();  // the computer takes over the other side, and moves if it is its turn
}

void PlaySession::setLevel(PlayLevel level) {
    level_ = level;
    emit levelChanged(level);
}

void PlaySession::setError(const QString& text) {
    error_ = text;
    emit errorChanged(text);
    if (!text.isEmpty()) emit statusMessage(text);
}

// --- after every change ---------------------------------------------------------------------

void PlaySession::afterChange() {
    emit gameChanged();
    const xq::GameStatus st = game_.status();
    if (st.over()) {
        const QString text = resultBanner(st);
        emit gameFinished(text);
        emit statusMessage(text);
        if (storePending_) storeFinishedGame();
    } else if (game_.current().sideToMove() != human_ && !aiThinking()) {
        requestAiMove();
    }
    emit stateChanged();
}

void PlaySession::requestAiMove() {
    EngineRequest req;
    req.startFen = game_.startFen();
    req.moves = game_.moves();
    req.level = level_;
    hintRequest_ = 0;
    aiRequest_ = facade_->requestMove(req);
    emit thinkingTextChanged(aiThinkingText());
}

// --- the facade's answers -------------------------------------------------------------------

void PlaySession::onEngineMoved(const EngineReply& reply) {
    if (reply.id == hintRequest_) {
        onHintReply(reply);
        return;
    }
    if (reply.id != aiRequest_) return;
    aiRequest_ = 0;
    if (!reply.error.isEmpty()) {
        setError(tr("The computer could not move: %1").arg(reply.error));
        emit stateChanged();
        return;
    }
    // The game can only have changed through cancel(), which drops the reply; still, never
    // play a move that is not legal in the current position.
    if (!reply.move || !game_.play(reply.move)) {
        setError(tr("The computer returned no legal move."));
        emit stateChanged();
        return;
    }
    storePending_ = true;
    afterChange();
}

void PlaySession::onHintReply(const EngineReply& reply) {
    hintRequest_ = 0;
    if (!reply.error.isEmpty()) {
        setError(tr("No hint: %1").arg(reply.error));
    } else if (reply.move) {
        emit hintFound(reply.move);
    }
    emit stateChanged();
}

void PlaySession::onEngineProgress(const EngineProgress& pr) {
    if (pr.id != aiRequest_ && pr.id != hintRequest_) return;
    const QString score = pr.mateIn != 0 ? tr("mate in %1").arg(pr.mateIn)
                                         : QString::number(pr.scoreCp / 100.0, 'f', 2);
    emit thinkingTextChanged(tr("Thinking… depth %1, score %2, %3 nodes")
                                 .arg(pr.depth)
                                 .arg(score)
                                 .arg(pr.nodes));
}

void PlaySession::onEngineSnapshot(const EngineSnapshot& s) {
    if (s.id != aiRequest_ && s.id != hintRequest_) return;
    if (s.search.rootKey != game_.current().key() || s.search.rootVisits <= 0) return;
    emit searchSnapshot(s.search);
}

void PlaySession::onGameStored(const StoreReply& reply) {
    if (reply.id != storeRequest_) return;  // another page's write
    storeRequest_ = 0;
    const QString file = QDir::toNativeSeparators(reply.databasePath);
    if (!reply.error.isEmpty()) {
        emit statusMessage(
            tr("The game was not saved to the database %1: %2").arg(file, reply.error));
        return;
    }
    // Still the game that was sent: nothing was played or taken back since.
    if (over() && !storePending_) {
        storedGameId_ = reply.gameId;
        storedDatabase_ = reply.databasePath;
    }
    emit stateChanged();
    emit statusMessage(tr("The game was saved to the library (%1).").arg(file));
}

// --- storing --------------------------------------------------------------------------------

std::string PlaySession::aiPlayerSpec() const {
    std::string ai =
        std::string("level:") + xq::engine::levelName(xq::engine::Level(int(level_)));
    if (const QString model = facade_->models()->currentFile(); !model.isEmpty()) {
        ai += '@';
        ai += model.toStdString();
    }
    return ai;
}

xq::store::GameRecord PlaySession::storedRecord() const {
    const xq::GameStatus st = game_.status();
    const std::string ai = aiPlayerSpec();
    xq::store::GameRecord rec;
    rec.kind = xq::store::GameKind::Play;
    rec.red = human_ == xq::Red ? "human" : ai;
    rec.black = human_ == xq::Black ? "human" : ai;
    rec.result = st.result;
    rec.reason = st.reason;
    rec.plies = game_.plies();
    rec.started = gameStartedMs_;
    rec.finished = QDateTime::currentMSecsSinceEpoch();
    rec.startFen = game_.startFen();
    rec.moves.reserve(game_.moves().size());
    for (xq::Move m : game_.moves())
        rec.moves.push_back(xq::store::MoveRecord{m, std::nullopt, {}});
    return rec;
}

void PlaySession::storeFinishedGame() {
    storePending_ = false;
    storeRequest_ = facade_->storeGame(storedRecord());
}

// --- texts ----------------------------------------------------------------------------------

QString PlaySession::resultBanner(const xq::GameStatus& st) {
    const QString who = st.result == xq::Result::Draw      ? tr("Draw")
                        : st.result == xq::Result::RedWins ? tr("Red wins")
                                                           : tr("Black wins");
    // A perpetual chase names the loser and the piece it chased: "Black wins — Red loses:
    // perpetual chase of the black horse".
    if (st.reason == xq::Reason::PerpetualChase && st.chase.target != xq::NoPiece) {
        const QString loser = st.result == xq::Result::RedWins ? tr("Black") : tr("Red");
        return tr("%1 — %2 loses: perpetual chase of the %3")
            .arg(who, loser, pieceText(st.chase.target));
    }
    return tr("%1 — %2").arg(who, reasonText(st.reason));
}

QString PlaySession::resultText() const {
    const xq::GameStatus st = game_.status();
    return st.over() ? resultBanner(st) : QString();
}

QString PlaySession::aiThinkingText() const {
    return tr("%1 is thinking…").arg(StudioFacade::levelName(level_));
}

QString PlaySession::snapshotText(const xq::search::SearchSnapshot& s) const {
    const QLocale loc;
    return tr("%1 is thinking… %2 visits, value for the computer %3")
        .arg(StudioFacade::levelName(level_), loc.toString(s.rootVisits),
             (s.rootValue >= 0 ? QStringLiteral("+") : QString()) +
                 loc.toString(s.rootValue, 'f', 2));
}

QString PlaySession::pgnText() const {
    xq::PgnGame g;
    const QString ai = tr("Computer (%1)").arg(StudioFacade::levelName(level_));
    g.setTag("Event", tr("XQZero Studio game").toStdString());
    g.setTag("Date", QDate::currentDate().toString(QStringLiteral("yyyy.MM.dd")).toStdString());
    g.setTag("Red", (human_ == xq::Red ? tr("Human") : ai).toStdString());
    g.setTag("Black", (human_ == xq::Black ? tr("Human") : ai).toStdString());
    if (!game_.fromStandardStart()) g.startFen = game_.startFen();
    g.moves = game_.moves();
    g.result = game_.status().result;
    return QString::fromStdString(xq::writePgn(g, xq::Notation::Iccs));
}

}  // namespace xqui
