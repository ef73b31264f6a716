#pragma once
// ModelChoice: the one model the studio plays and analyses with, shared by the Play and
// Analyze pages (both follow currentChanged(), so they always agree).
//
// It lists the models of a training database (every run's generations that have a model file
// on disk, with the newest ladder rating of each; a run trained on another host, as on a
// PostgreSQL database, has its best generation fetched into this host's model cache by sha256,
// core/store/model_cache.h) and offers a model file opened by hand. By
// default (automatic mode) it chooses the best model of the newest run: the newest accepted
// generation with a file, of the newest run that has one. So after training the studio plays
// with what it trained; reload() (the window calls it when a generation is published) moves
// the automatic choice on. Choosing a model by hand (or "no model") ends automatic mode until
// chooseDefault().
//
// No model: the Play levels are alpha-beta and the Analyze page uses uniform priors.
//
// The listing reads the database read-only (WAL: a training run writing it does not block
// it) with a short busy timeout; it is a few small queries, done on the GUI thread.
//
// Thread-safety: a QObject of the GUI thread; construct, call and destroy there.

#include <optional>

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>

namespace xqui {

// One model the user can choose.
struct ModelEntry {
    qint64 modelId = 0;             // 0: a file opened by hand (not from the database)
    qint64 runId = 0;
    QString runName;                // empty for a file opened by hand
    int generation = 0;
    QString file;                   // absolute path of the model file
    bool accepted = false;          // passed gating (generation 0 always)
    bool best = false;              // the newest accepted generation of its run
    std::optional<double> ladderElo;  // newest background/CLI ladder rating (alpha-beta 1 = 0)
    qint64 created = 0;             // ms since the epoch
};

class ModelChoice : public QObject {
    Q_OBJECT
public:
    explicit ModelChoice(QObject* parent = nullptr);

    // The training database whose runs are listed; empty = none (only files opened by hand).
    // Reloads the list.
    void setDatabase(const QString& path);
    QString database() const { return dbPath_; }
    // Reads the runs and models again; in automatic mode the choice follows the newest best.
    void reload();

    // Every listed model: runs newest first, generations newest first within a run.
    const QList<ModelEntry>& models() const { return models_; }
    // The error of the last listing ("" when it worked or there is no database).
    QString listError() const { return listError_; }

    // The chosen model, if any.
    const std::optional<ModelEntry>& current() const { return current_; }
    QString currentFile() const { return current_ ? current_->file : QString(); }
    bool automatic() const { return automatic_; }

    // The default: the best model of the newest run (automatic mode).
    void chooseDefault();
    // A listed model (by its file), or a model file from anywhere. The file's container is
    // checked (readModelInfo) first; false with the reason in `error` leaves the choice as it was.
    bool chooseFile(const QString& path, QString* error = nullptr);
    // No model: alpha-beta levels, uniform analysis priors.
    void chooseNone();

    // "RUN · gen 12 (best) · Elo 340" or "file.xqm" (translated).
    static QString describe(const ModelEntry& e);
    // The default model of a listing (see above), if any.
    static std::optional<ModelEntry> defaultOf(const QList<ModelEntry>& models);

signals:
    void modelsChanged();
    // The chosen model changed (empty: none).
    void currentChanged();

private:
    void setCurrent(const std::optional<ModelEntry>& e);

    QString dbPath_;
    QList<ModelEntry> models_;
    QString listError_;
    std::optional<ModelEntry> current_;
    bool automatic_ = true;
};

}  // namespace xqui
