// The Train page's database and its runs: choosing the database (a file or a PostgreSQL URI),
// the list of runs, and the shown run's stored history on the charts (read again while it is
// watched), with the live points that came while it loaded.
#include "ui/pages/train_page.h"

#include <QDateTime>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStyle>
#include <QThread>
#include <QTreeWidget>

#include "core/store/paths.h"
#include "ui/db_location.h"
#include "ui/train/param_texts.h"
#include "ui/train/train_charts.h"
#include "ui/train/workers_table.h"

namespace xqui {

using namespace xq::train;

void TrainPage::setDatabase(const QString& path) {
    dbPath_ = databaseFromInput(path);
    db_->setText(displayDatabase(dbPath_));
    db_->setCursorPosition(0);  // a long URI shows its host and name, not its parameters
    db_->setToolTip(db_->text());
    chartRun_.clear();
    charts_->clear();
    workers_->clear();
    // The links point into the old database: gone with it.
    lastGameId_ = 0;
    lastGeneration_ = -1;
    lastModelFile_.clear();
    if (replay_) {
        replay_->setEnabled(false);
        playGen_->setEnabled(false);
        retranslate();
    }
    refreshRuns();
    emit databaseChanged(dbPath_);
}

QString TrainPage::database() const {
    return dbPath_;
}
void TrainPage::setRunName(const QString& name) {
    name_->setText(name);
}
QString TrainPage::runName() const {
    return name_->text().trimmed();
}

QString TrainPage::freshRunName() {
    return QStringLiteral("run-") +
           QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmm"));
}

void TrainPage::chooseDatabase() {
    // A new file name is fine: the store creates it on the first run.
    // A PostgreSQL URI names no folder: start beside the default file.
    const QString start = isDatabaseUri(database())
                              ? QString::fromStdString(xq::store::defaultDatabasePath())
                              : database();
    const QString file = QFileDialog::getSaveFileName(this, tr("Training database"), start,
                                                      tr("XQZero databases (*.db);;All files (*)"),
                                                      nullptr, QFileDialog::DontConfirmOverwrite);
    if (file.isEmpty()) return;
    QSettings().setValue(QStringLiteral("train/database"), file);
    setDatabase(file);
}

void TrainPage::choosePostgres() {
    // The field shows the current URI masked; accepted unchanged it keeps the real one.
    const QString current = isDatabaseUri(database()) ? displayDatabase(database())
                                                      : QStringLiteral("postgresql://");
    bool ok = false;
    const QString typed = QInputDialog::getText(
        this, tr("PostgreSQL database"),
        tr("Connection URI, e.g. postgresql://xq@dbhost/xqzero (a password is best kept in "
           "~/.pgpass):"),
        QLineEdit::Normal, current, &ok);
    if (!ok) return;
    const QString uri = typed.trimmed() == current && isDatabaseUri(database())
                            ? database()
                            : databaseFromInput(typed);
    if (!isDatabaseUri(uri)) {
        QMessageBox::warning(this, tr("PostgreSQL database"),
                             tr("“%1” is not a PostgreSQL URI: it must start with postgresql:// "
                                "or postgres://.")
                                 .arg(typed.trimmed()));
        return;
    }
    QSettings().setValue(QStringLiteral("train/database"), uri);
    setDatabase(uri);
}

void TrainPage::refreshRuns() {
    const QString keep = selectedRun();
    QString error;
    const std::vector<RunSummary> runs = listRuns(database(), &error);
    QSignalBlocker block(runs_);
    runs_->clear();
    const QLocale loc;
    for (const RunSummary& r : runs) {
        auto* it = new QTreeWidgetItem(runs_);
        it->setText(0, r.name);
        // The preset's title without its explanation in brackets ("Quick (64×3, …)" -> "Quick").
        QString preset = r.preset.isEmpty() ? QString() : presetTitle(r.preset);
        const qsizetype cut = preset.indexOf(QRegularExpression(QStringLiteral("[ (（]")));
        if (cut > 0) preset.truncate(cut);
        it->setText(1, preset);
        it->setText(2, loc.toString(r.generation));
        it->setText(3, loc.toString(qlonglong(r.steps)));
        it->setText(4, QDateTime::fromMSecsSinceEpoch(r.createdMs)
                           .toString(QStringLiteral("yyyy-MM-dd HH:mm")));
        const QString trainer =
            r.trainerHost.isEmpty()
                ? QString()
                : tr("pid %1 on %2 since %3")
                      .arg(r.trainerPid)
                      .arg(r.trainerHost,
                           QDateTime::fromMSecsSinceEpoch(r.trainerSinceMs)
                               .toString(QStringLiteral("yyyy-MM-dd HH:mm")));
        it->setText(5, trainer);
        it->setData(0, Qt::UserRole, qlonglong(r.id));
        it->setData(5, Qt::UserRole, trainer);
        it->setToolTip(0, r.configJson);
        if (!trainer.isEmpty()) {
            // The column may be scrolled out of view: the row says it too.
            it->setIcon(0, style()->standardIcon(QStyle::SP_MediaPlay));
            const QString tip = tr("Being trained by %1").arg(trainer);
            for (int c = 1; c < runs_->columnCount(); ++c) it->setToolTip(c, tip);
            it->setToolTip(0, tip + QStringLiteral("\n\n") + r.configJson);
        }
        if (r.name == keep) it->setSelected(true);
    }
    if (!error.isEmpty()) appendLog(1, tr("Cannot read the runs of %1: %2").arg(displayDatabase(database()), error));
    updateButtons();
}

QString TrainPage::selectedRun() const {
    const auto sel = runs_->selectedItems();
    return sel.isEmpty() ? QString() : sel.first()->text(0);
}

namespace {

// Changes whenever SQLite writes to the database: the main file's and the write-ahead log's
// sizes and modification times.
QString databaseFileStamp(const QString& path) {
    QString stamp;
    for (const QString& f : {path, path + QStringLiteral("-wal")}) {
        const QFileInfo fi(f);
        stamp += QStringLiteral("%1:%2;").arg(fi.exists() ? fi.size() : -1).arg(
            fi.exists() ? fi.lastModified().toMSecsSinceEpoch() : -1);
    }
    return stamp;
}

}  // namespace

bool TrainPage::showRun(const QString& name, bool wait) {
    QTreeWidgetItem* found = nullptr;
    for (int i = 0; i < runs_->topLevelItemCount(); ++i)
        if (runs_->topLevelItem(i)->text(0) == name) found = runs_->topLevelItem(i);
    if (!found) return false;
    {
        QSignalBlocker block(runs_);
        runs_->clearSelection();
        found->setSelected(true);
        runs_->setCurrentItem(found);
    }
    chartRun_ = name;
    const int64_t id = found->data(0, Qt::UserRole).toLongLong();
    const quint64 request = ++historyRequest_;
    historyLoading_ = true;
    if (!isDatabaseUri(database())) historyStamp_ = databaseFileStamp(database());
    if (wait) {
        applyHistory(loadRunHistory(database(), id));
    } else {
        QThread* t =
            loadRunHistoryAsync(database(), id, this, [this, request](const RunHistory& h) {
                if (request == historyRequest_) applyHistory(h);
            });
        loaders_.removeAll(nullptr);
        loaders_.append(t);
    }
    updateButtons();
    return true;
}

void TrainPage::reloadWatchedRun() {
    if (chartRun_.isEmpty() || historyLoading_ || !isVisible()) return;
    if (!isDatabaseUri(database())) {
        if (session_->running() && session_->runName() == chartRun_) return;  // its points come live
        if (databaseFileStamp(database()) == historyStamp_) return;
    }
    showRun(chartRun_, false);
}

bool TrainPage::showNewestRun() {
    refreshRuns();
    const int n = runs_->topLevelItemCount();
    if (n == 0) return false;
    const bool ok = showRun(runs_->topLevelItem(n - 1)->text(0), true);
    charts_->flush();
    return ok;
}

void TrainPage::applyHistory(const RunHistory& h) {
    historyLoading_ = false;
    if (!h.error.isEmpty())
        appendLog(1, tr("Cannot read the history of run %1: %2").arg(chartRun_, h.error));
    charts_->setHistory(h);
    workers_->setRun(database(), h);
    // Live points newer than what the table held when it was read.
    const double lastStep = h.lossStep.isEmpty() ? -1 : h.lossStep.last();
    for (const LiveLoss& l : liveLoss_)
        if (l.step > lastStep) charts_->addLoss(l.step, l.total, l.policy, l.value, l.reply);
    const double lastHeld = h.heldOutStep.isEmpty() ? -1 : h.heldOutStep.last();
    for (const LiveHeldOut& c : liveHeldOut_)
        if (c.step > lastHeld) charts_->addHeldOut(c.step, c.value);
    const double lastGen = h.eloGen.isEmpty() ? -1 : h.eloGen.last();
    for (const LiveElo& e : liveElo_)
        if (e.gen > lastGen) charts_->addElo(e.gen, e.elo, e.lo, e.hi);
    const double lastRated = h.ladderGen.isEmpty() ? -1 : h.ladderGen.last();
    for (const LadderRating& r : liveLadder_)
        if (r.generation > lastRated) charts_->addLadder(r);
    const double lastTime = h.speedTime.isEmpty() ? -1 : h.speedTime.last();
    for (const LiveSpeed& s : liveSpeed_)
        if (s.time > lastTime) charts_->addGamesPerHour(s.time, s.value);
    liveLoss_.clear();
    liveElo_.clear();
    liveSpeed_.clear();
    liveHeldOut_.clear();
    liveLadder_.clear();
}

}  // namespace xqui
