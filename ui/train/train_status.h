#pragma once
// TrainStatus: the live figures of a run — generation, games (and games in flight),
// games/hour, positions/s (and moves played this session), replay buffer fill (a progress bar), training step, samples/s, and the current stage's
// progress with its ETA.
//
// Thread-safety: a QWidget; GUI thread only.

#include <QWidget>

#include <optional>

#include "core/train/pipeline.h"

class QLabel;
class QProgressBar;

namespace xqui {

class TrainStatus : public QWidget {
    Q_OBJECT
public:
    explicit TrainStatus(QWidget* parent = nullptr);
    void setProgress(const xq::train::Progress& p);
    void clear();
    // "45 s", "12 min", "1 h 05 min"; "—" for negative (unknown).
    static QString formatDuration(double seconds);

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslate();
    static constexpr int kCaptions = 9;
    QLabel* captions_[kCaptions] = {};
    std::optional<xq::train::Progress> last_;  // re-rendered on a language change
    QLabel* generation_ = nullptr;
    QLabel* games_ = nullptr;
    QLabel* gamesPerHour_ = nullptr;
    QLabel* positions_ = nullptr;
    QLabel* step_ = nullptr;
    QLabel* samples_ = nullptr;
    QLabel* eta_ = nullptr;
    QProgressBar* buffer_ = nullptr;
    QProgressBar* stage_ = nullptr;
};

}  // namespace xqui
