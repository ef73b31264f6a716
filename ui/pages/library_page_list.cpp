// The Library page's game list: the database, the filters, the pages of 100 games and the
// choice of the game to replay.
#include "ui/pages/library_page.h"

#include <QComboBox>
#include <QFileDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QTableView>

#include "ui/db_location.h"
#include "ui/library/game_table_model.h"

namespace xqui {

void LibraryPage::setDatabase(const QString& path) {
    dbPath_ = databaseFromInput(path);
    dbLabel_->setText(displayDatabase(dbPath_));
    dbLabel_->setToolTip(dbLabel_->text());
    runFilter_.reset();
    selectedId_ = 0;
    replay_.reset();
    review_.reset();
    showReview(std::nullopt);
    page_ = 0;
    refreshReplay();
    refresh();
}

void LibraryPage::chooseDatabase() {
    // A PostgreSQL URI names no folder to start in.
    const QString start = isDatabaseUri(dbPath_) ? QString() : dbPath_;
    const QString file = QFileDialog::getOpenFileName(this, tr("Open a games database"), start,
                                                      tr("XQZero databases (*.db);;All files (*)"));
    if (!file.isEmpty()) setDatabase(file);
}

void LibraryPage::setRunFilter(std::optional<int64_t> run) {
    runFilter_ = run;
    const int idx = run ? runBox_->findData(QVariant::fromValue<qlonglong>(*run)) : 0;
    runBox_->setCurrentIndex(qMax(0, idx));
    page_ = 0;
    refresh();
}

void LibraryPage::setKindFilter(std::optional<xq::store::GameKind> kind) {
    kindFilter_ = kind;
    kindBox_->setCurrentIndex(qMax(0, kindBox_->findData(kind ? int(*kind) : -1)));
    page_ = 0;
    refresh();
}

void LibraryPage::setResultFilter(std::optional<xq::Result> result) {
    resultFilter_ = result;
    resultBox_->setCurrentIndex(qMax(0, resultBox_->findData(result ? int(*result) : -1)));
    page_ = 0;
    refresh();
}

xq::store::GameFilter LibraryPage::filter() const {
    xq::store::GameFilter f;
    f.run = runFilter_;
    f.kind = kindFilter_;
    f.result = resultFilter_;
    f.limit = kPageSize;
    f.offset = page_ * kPageSize;
    return f;
}

void LibraryPage::refresh() {
    if (dbPath_.isEmpty()) return;
    loader_->requestGames(dbPath_, filter());  // answers only the newest: stale pages never show
}

void LibraryPage::nextPage() {
    if (int64_t(page_ + 1) * kPageSize >= total_) return;
    ++page_;
    refresh();
}

void LibraryPage::previousPage() {
    if (page_ == 0) return;
    --page_;
    refresh();
}

void LibraryPage::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    refresh();  // games may have been stored since (Play page, a training run)
}

QString LibraryPage::messageText() const {
    return message_->isHidden() ? QString() : message_->text();
}

void LibraryPage::showMessage(const QString& text, bool error) {
    message_->setText(text);
    message_->setStyleSheet(
        error ? QStringLiteral("QLabel{background:#fde2e1;color:#8a1c14;border:1px solid "
                               "#e59a94;border-radius:6px;padding:6px;}")
              : QStringLiteral("QLabel{background:#eef4fb;color:#1d3d5e;border:1px solid "
                               "#9ab8d8;border-radius:6px;padding:6px;}"));
    message_->setVisible(!text.isEmpty());
}

void LibraryPage::onGamesLoaded(const GameListResult& r) {
    const QString file = displayDatabase(dbPath_);
    if (!r.error.isEmpty()) {
        showMessage(tr("Cannot read the database %1: %2").arg(file, r.error), true);
        emit statusMessage(tr("Cannot read the database %1").arg(file));
        model_->clear();
        total_ = 0;
        refreshPager();
        return;
    }
    if (r.missing)
        showMessage(
            tr("No games yet: %1 does not exist. Games finished on the Play page and the games of "
               "training runs are stored there.")
                .arg(file),
            false);
    else if (r.total == 0 && !runFilter_ && !kindFilter_ && !resultFilter_)
        showMessage(tr("No games stored in %1 yet.").arg(file), false);
    else
        showMessage({}, false);
    fillRunCombo(r.runs);
    total_ = r.total;
    model_->setGames(r.games, r.runs);
    refreshPager();
    // Keep the chosen game selected when it is still listed; otherwise show the newest.
    int row = selectedId_ ? model_->rowOf(selectedId_) : -1;
    if (row < 0 && model_->rowCount() > 0 && !replay_) row = 0;
    if (row >= 0) {
        QSignalBlocker block(table_->selectionModel());
        table_->selectRow(row);
        if (model_->gameId(row) != selectedId_) selectRow(row);
    }
}

void LibraryPage::fillRunCombo(const std::vector<xq::store::RunInfo>& runs) {
    QSignalBlocker block(runBox_);
    runBox_->clear();
    runBox_->addItem(tr("All runs"));
    for (const auto& run : runs)
        runBox_->addItem(QString::fromStdString(run.name), QVariant::fromValue<qlonglong>(run.id));
    const int idx = runFilter_ ? runBox_->findData(QVariant::fromValue<qlonglong>(*runFilter_)) : 0;
    runBox_->setCurrentIndex(qMax(0, idx));
}

void LibraryPage::refreshPager() {
    const int64_t from = total_ == 0 ? 0 : int64_t(page_) * kPageSize + 1;
    const int64_t to = qMin<int64_t>(total_, int64_t(page_ + 1) * kPageSize);
    pageLabel_->setText(tr("Games %1–%2 of %3").arg(from).arg(to).arg(total_));
    prevPageBtn_->setEnabled(page_ > 0);
    nextPageBtn_->setEnabled(to < total_);
}

void LibraryPage::selectRow(int row) {
    if (row < 0 || row >= model_->rowCount()) return;
    if (table_->currentIndex().row() != row) {
        QSignalBlocker block(table_->selectionModel());
        table_->selectRow(row);
    }
    selectedId_ = model_->gameId(row);
    loader_->requestGame(dbPath_, selectedId_);
}

void LibraryPage::openGame(int64_t gameId) {
    if (dbPath_.isEmpty() || gameId <= 0) return;
    table_->clearSelection();
    selectedId_ = gameId;
    loader_->requestGame(dbPath_, selectedId_);
}

}  // namespace xqui
