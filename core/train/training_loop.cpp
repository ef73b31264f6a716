// The loop of every trainer (training_loop.h).
#include "core/train/training_loop.h"

namespace xq::train {

void runTrainingLoop(const LoopStages& s) {
    while (!s.limitReached()) {
        if (!s.ingest()) break;
        if (!s.train()) {
            s.checkpoint("");  // keep the steps taken
            break;
        }
        bool published = false;
        if (s.publishDue()) {
            if (!s.publish()) {
                s.checkpoint("evaluation interrupted; ");
                break;
            }
            published = true;
        }
        s.endCycle(published);
    }
    s.finish();
}

}  // namespace xq::train
