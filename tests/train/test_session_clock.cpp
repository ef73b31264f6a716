// A training session's clock (core/train/session_clock.h) over RunControl's pauses: paused
// time is left out of the limit and of the timed schedules, and a resumed run's schedules go
// on from the seconds its earlier sessions worked. Every moment is placed by the test.
#include <QtTest>

#include <chrono>

#include "core/train/config.h"
#include "core/train/control.h"
#include "core/train/pipeline.h"
#include "core/train/session_clock.h"

using namespace xq::train;
using std::chrono::seconds;

class TestSessionClock : public QObject {
    Q_OBJECT
  private slots:
    void pausesAreLeftOut() {
        const Clock::time_point t0 = Clock::now();
        RunControl control;
        // A pause before the session started is not the session's.
        control.pause(t0 - seconds(50));
        control.resume(t0 - seconds(20));
        SessionClock clock;
        clock.start(control, 0, t0);
        QCOMPARE(clock.workedSeconds(t0 + seconds(10)), 10.0);
        control.pause(t0 + seconds(10));
        control.pause(t0 + seconds(15));  // a second pause() while paused changes nothing
        QCOMPARE(clock.workedSeconds(t0 + seconds(25)), 10.0);  // the pause in progress
        control.resume(t0 + seconds(40));
        QCOMPARE(clock.workedSeconds(t0 + seconds(100)), 70.0);
        QVERIFY(clock.timeUp(1.0, t0 + seconds(100)));    // 70 s worked > 60
        QVERIFY(!clock.timeUp(1.5, t0 + seconds(100)));   // 70 s worked < 90, 100 s passed
        QVERIFY(!clock.timeUp(0, t0 + seconds(100000)));  // no limit
        QCOMPARE(std::chrono::duration<double>(control.pausedTime(t0 + seconds(100))).count(),
                 60.0);
        // reset() ends a pause but keeps what was paused.
        control.pause(t0 + seconds(100));
        control.reset();
        QVERIFY(!control.paused());
        QVERIFY(control.pausedTime() >= seconds(60));
    }

    void scheduleGoesOnFromTheCarriedSeconds() {
        const Clock::time_point t0 = Clock::now();
        RunControl control;
        SessionClock fresh;
        fresh.start(control, 0, t0);
        QCOMPARE(fresh.scheduleFraction(60, t0 + seconds(1800)), 0.5);
        QCOMPARE(fresh.scheduleFraction(0, t0 + seconds(1800)), -1.0);  // no limit
        // Stopped at 30 of 60 minutes and resumed with the 30 left: 0.5 -> 1.
        SessionClock resumed;
        resumed.start(control, 0, t0);
        resumed.carry(1800);
        QCOMPARE(resumed.runSeconds(t0), 1800.0);
        QCOMPARE(resumed.scheduleFraction(30, t0), 0.5);
        QCOMPARE(resumed.scheduleFraction(30, t0 + seconds(900)), 0.75);
        QCOMPARE(resumed.scheduleFraction(30, t0 + seconds(1800)), 1.0);
        QVERIFY(!resumed.timeUp(30, t0 + seconds(1800)));  // the limit counts this session only
        QVERIFY(resumed.timeUp(30, t0 + seconds(1801)));
        // Resumed with more minutes than were left: the rest is stretched, never back to 0.
        SessionClock longer;
        longer.start(control, 3600, t0);
        QCOMPARE(longer.scheduleFraction(60, t0), 0.5);
        QCOMPARE(longer.scheduleFraction(60, t0 + seconds(3600)), 1.0);
    }

    // The point of the carried seconds: an hour worked as 30 + 30 minutes follows the same
    // learning rate and simulation budget as one uninterrupted hour at every worked moment.
    void aSplitRunFollowsTheUnsplitSchedule() {
        TrainConfig c = preset("quick");
        QVERIFY(c.lrDecayTimed && c.simulationsEnd > c.simulations);
        const Clock::time_point t0 = Clock::now();
        RunControl control;
        SessionClock whole, second;
        whole.start(control, 0, t0);
        second.start(control, 1800, t0 + seconds(1800));
        for (int s : {1800, 2400, 3000, 3600}) {
            const double fw = whole.scheduleFraction(60, t0 + seconds(s));
            const double fs = second.scheduleFraction(30, t0 + seconds(s));
            QCOMPARE(fs, fw);
            QCOMPARE(scheduledLearningRate(c, 0, fs), scheduledLearningRate(c, 0, fw));
            QCOMPARE(scheduledSimulations(c, 0, fs), scheduledSimulations(c, 0, fw));
        }
        QCOMPARE(scheduledSimulations(c, 0, second.scheduleFraction(30, t0 + seconds(1800))),
                 (c.simulations + c.simulationsEnd) / 2);
    }
};

QTEST_APPLESS_MAIN(TestSessionClock)
#include "test_session_clock.moc"
