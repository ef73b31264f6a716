#pragma once
// The tiny training run of the tests that drive the xqzero binary (test_pipeline, test_faults):
// an 8x1 network, 8 simulations, a 2-game gate. Seconds per iteration.
#include <QString>
#include <QStringList>

#include "tests/support/xqzero_process.h"

inline QStringList tinyFlags(const QString& games = "2", const QString& steps = "3") {
    return {"--channels", "8", "--blocks", "1", "--simulations", "8", "--games-per-iteration", games,
            "--games-in-flight", "2", "--threads", "1", "--steps-per-iteration", steps,
            "--batch-size", "8", "--min-buffer", "1", "--train-ratio", "0", "--gate", "1",
            "--eval-games", "2", "--eval-simulations", "4",
            "--max-plies", "40", "--resign-moves", "0", "--ladder-minutes", "0"};
}

using xqtest::xqzeroPath;
