// The Train page with its TrainingSession: starting or continuing a run, the buttons and the
// state shown, the live points for the charts, the log, and closing while a run goes.
#include "ui/pages/train_page.h"

#include <QComboBox>
#include <QDateTime>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTreeWidget>

#include "core/error.h"
#include "core/store/paths.h"
#include "core/store/run_name.h"
#include "ui/db_location.h"
#include "ui/error_text.h"
#include "ui/train/live_game_view.h"
#include "ui/train/param_form.h"
#include "ui/train/train_charts.h"
#include "ui/train/train_status.h"
#include "ui/train/workers_table.h"

namespace xqui {

using namespace xq::train;
using State = TrainingSession::State;

namespace {

constexpr int kSpeedPointIntervalMs = 10000;  // one games/hour point per 10 s of self-play

QString stateColor(State s) {
    switch (s) {
        case State::Idle:
            return QStringLiteral("#8a8a8a");
        case State::SelfPlay:
            return QStringLiteral("#2f7d32");
        case State::Training:
            return QStringLiteral("#1f5fa8");
        case State::Evaluating:
            return QStringLiteral("#7b3fa0");
        case State::Paused:
            return QStringLiteral("#c48a00");
        case State::Stopping:
            return QStringLiteral("#b3441f");
    }
    return {};
}

}  // namespace

bool TrainPage::chartShowsActiveRun() const {
    return session_->running() && chartRun_ == session_->runName();
}

void TrainPage::startNew() {
    const QString name = runName();
    if (name.isEmpty()) return;
    for (int i = 0; i < runs_->topLevelItemCount(); ++i) {
        if (runs_->topLevelItem(i)->text(0) == name) {
            QMessageBox::information(
                this, tr("Train"),
                tr("A run named %1 already exists in this database. Choose another name, "
                   "or select it in the list and press Continue run.")
                    .arg(name));
            return;
        }
    }
    startRun(false, name);
}

void TrainPage::continueSelected() {
    const QString name = selectedRun();
    if (!name.isEmpty()) startRun(true, name);
}

void TrainPage::startRun(bool resume, const QString& name) {
    if (session_->running()) return;
    PipelineOptions o;
    o.config = form_->config();
    o.presetName = form_->preset().toStdString();
    o.dbPath = database().toStdString();
    o.runName = name.toStdString();
    o.resume = resume;
    if (!resume) o.initGames = startFrom_->currentData().toString().toStdString();
    try {
        xq::store::ensureParentDirectory(o.dbPath);
    } catch (const std::exception& e) {
        appendLog(2, errorText(e));
        return;
    }
    liveLoss_.clear();
    liveElo_.clear();
    liveSpeed_.clear();
    liveHeldOut_.clear();
    liveLadder_.clear();
    lastSpeedPointMs_ = 0;
    status_->clear();
    live_->reset();
    session_->setLiveGame(0);
    leftTabs_->setCurrentWidget(liveTab_);  // something moves from the first second
    if (!session_->start(o)) return;
    appendLog(0, resume ? tr("Continuing run %1.").arg(name)
                        : tr("Starting run %1 (%2 preset).").arg(name, form_->preset()));
    if (resume) {
        showRun(name);  // its whole history, live points merged as they come
    } else {
        QSignalBlocker block(runs_);
        runs_->clearSelection();
        chartRun_ = name;
        ++historyRequest_;  // an older load must not overwrite the new run's charts
        historyLoading_ = false;
        charts_->clear();
        workers_->clear();
    }
    updateButtons();
}

void TrainPage::onState(State s) {
    state_->setText(TrainingSession::stateName(s));
    state_->setStyleSheet(QStringLiteral("QLabel{background:%1;color:white;border-radius:4px;"
                                         "padding:4px 10px;font-weight:bold;}")
                              .arg(stateColor(s)));
    if (s == State::Paused) appendLog(0, tr("Paused; training holds after the moves in flight."));
    if (s == State::Stopping) appendLog(0, tr("Stopping at the next checkpoint…"));
    updateButtons();
}

void TrainPage::updateButtons() {
    const State s = session_->state();
    const bool idle = !session_->running() && s == State::Idle;
    const bool working = s == State::SelfPlay || s == State::Training || s == State::Evaluating;
    const QString name = runName();
    const bool nameOk = !name.isEmpty() && !xq::store::runNameProblem(name.toStdString());
    if (!name.isEmpty() && !nameOk)
        nameProblem_->setText(
            errorSummary(xq::Error(xq::ErrorCode::RunNameInvalid, {},
                                   xq::store::printableRunName(name.toStdString()))));
    nameProblem_->setVisible(!name.isEmpty() && !nameOk);
    // A stored run whose name fails the rule (written by an older or hostile client) is listed
    // but not continued: its folder would be derived from that name.
    const QString selected = selectedRun();
    const bool selectedOk = !selected.isEmpty() && !xq::store::runNameProblem(selected.toStdString());
    // A run another process trains (its lease is live) is not continued here: two trainers
    // of one run would overwrite each other's checkpoints.
    const auto sel = runs_->selectedItems();
    const QString trainer = sel.isEmpty() ? QString() : sel.first()->data(5, Qt::UserRole).toString();
    start_->setEnabled(idle && nameOk && !database().isEmpty());
    pause_->setEnabled(working);
    resume_->setEnabled(s == State::Paused);
    stop_->setEnabled(working || s == State::Paused);
    continue_->setEnabled(idle && selectedOk && trainer.isEmpty());
    form_->setEnabled(idle);
    name_->setEnabled(idle);
    startFrom_->setEnabled(idle);
    dbButton_->setEnabled(idle);
    dbUriButton_->setEnabled(idle);
    // A PostgreSQL database is watched, never written: its runs are trained by `xqzero train
    // --role trainer` and its games played by `xqzero worker` (README, "Many hosts").
    const bool readOnly = isDatabaseUri(database());
    if (readOnly) {
        start_->setEnabled(false);
        continue_->setEnabled(false);
    }
    const QString why =
        tr("This PostgreSQL database is watched read-only: train it with xqzero train --role "
           "trainer and xqzero worker.");
    start_->setToolTip(readOnly ? why
                                : tr("Start a new run with the name and settings on the left."));
    continue_->setToolTip(
        readOnly ? why
        : !selected.isEmpty() && !selectedOk
            ? tr("This run's name cannot name a model folder, so it is not continued; rename it "
                 "with: xqzero db rename-run -- OLD NEW")
        : !trainer.isEmpty()
            ? tr("This run is being trained by %1; it can be continued once that process "
                 "stops.")
                  .arg(trainer)
            : tr("Resume the selected run from its last checkpoint, with its stored "
                 "settings."));
}

void TrainPage::onProgress(const Progress& p) {
    status_->setProgress(p);
    if (p.stage != Stage::SelfPlay || p.gamesPerHour <= 0) return;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (now - lastSpeedPointMs_ < kSpeedPointIntervalMs) return;
    lastSpeedPointMs_ = now;
    if (!chartShowsActiveRun()) return;
    if (historyLoading_) liveSpeed_.push_back({now / 1000.0, p.gamesPerHour});
    charts_->addGamesPerHour(now / 1000.0, p.gamesPerHour);
}

void TrainPage::onSteps(const QVector<TrainStep>& steps) {
    if (!chartShowsActiveRun()) return;
    for (const TrainStep& s : steps) {
        // A trainer without the head reports a reply loss of 0; with it, a cross-entropy is > 0.
        const LiveLoss l{double(s.step), s.stats.totalLoss, s.stats.policyLoss, s.stats.valueLoss,
                         s.stats.replyLoss > 0 ? std::optional(s.stats.replyLoss) : std::nullopt};
        if (historyLoading_) liveLoss_.push_back(l);
        charts_->addLoss(l.step, l.total, l.policy, l.value, l.reply);
    }
}

void TrainPage::onHeldOut(const QVector<HeldOutCheck>& checks) {
    if (!chartShowsActiveRun()) return;
    for (const HeldOutCheck& c : checks) {
        if (historyLoading_) liveHeldOut_.push_back({double(c.step), c.valueLoss});
        charts_->addHeldOut(double(c.step), c.valueLoss);
    }
}

void TrainPage::onGeneration(const GenerationResult& r) {
    // Without a gate match (gate 0: every generation is published) the Elo chain does not
    // move; the ladder rates those generations instead (onLadder).
    if (!r.accepted || r.wins + r.draws + r.losses == 0 || !chartShowsActiveRun()) return;
    const LiveElo e{double(r.candidateGeneration), r.elo, r.eloLo, r.eloHi};
    if (historyLoading_) liveElo_.push_back(e);
    charts_->addElo(e.gen, e.elo, e.lo, e.hi);
}

void TrainPage::onLadder(const LadderRating& r) {
    appendLog(0, tr("Ladder: generation %1 rated %2 Elo [%3, %4] (alpha-beta depth 1 = 0).")
                     .arg(r.generation)
                     .arg(r.rating, 0, 'f', 0)
                     .arg(r.lo, 0, 'f', 0)
                     .arg(r.hi, 0, 'f', 0));
    if (!chartShowsActiveRun()) return;
    if (historyLoading_) liveLadder_.push_back(r);
    charts_->addLadder(r);
}

void TrainPage::onFinished() {
    appendLog(0, tr("Run %1 ended.").arg(session_->runName()));
    refreshRuns();
    // The run now exists: select it so Continue run applies to it, keeping the charts.
    for (int i = 0; i < runs_->topLevelItemCount(); ++i) {
        QTreeWidgetItem* it = runs_->topLevelItem(i);
        if (it->text(0) == chartRun_) {
            QSignalBlocker block(runs_);
            it->setSelected(true);
        }
    }
    if (runName() == session_->runName()) name_->setText(freshRunName());
    updateButtons();
    emit statusMessage(tr("Training stopped."));
    if (closeWhenStopped_) {
        closeWhenStopped_ = false;
        if (QWidget* w = window()) w->close();
    }
}

void TrainPage::appendLog(int level, const QString& text) {
    const QString time = QTime::currentTime().toString(QStringLiteral("HH:mm:ss"));
    QString line = time + QLatin1String("  ") + text.toHtmlEscaped();
    if (level == 1) line = QStringLiteral("<span style='color:#a06000'>%1</span>").arg(line);
    if (level >= 2) line = QStringLiteral("<span style='color:#c00000'><b>%1</b></span>").arg(line);
    log_->appendHtml(line);
}

bool TrainPage::confirmClose() {
    if (!session_->running()) return true;
    if (session_->state() != State::Stopping) {
        const auto answer = QMessageBox::question(
            this, tr("Training is running"),
            tr("Run %1 is training. Stop it at the next checkpoint and close the studio?\n\n"
               "Nothing is lost: the run can be continued later.")
                .arg(session_->runName()),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Yes) return false;
        session_->stop();
    }
    closeWhenStopped_ = true;
    emit statusMessage(tr("Stopping training at the next checkpoint, then closing…"));
    return false;
}

}  // namespace xqui
