// train_stall_probe: how long can the GUI thread be kept from its event loop while the Train
// page shows a run training? Not a test (its figure depends on the machine's load); run by
// hand and reported.
//
//   train_stall_probe [--seconds N] [--db FILE] [--set name=value ...] [--screenshot FILE]
//                     [--idle] [--size WxH] [--log-slow MS]
// --idle measures the same page with no run started: the machine's own baseline.
// --log-slow MS prints each event over MS milliseconds as it happens (which, and when).
//
// Two measures, both on the GUI thread, with the page visible (offscreen platform is fine):
//  1. timer gap: a 1 ms QTimer; the longest interval between two ticks minus 1 ms. This is
//     what a user feels, and it includes time the OS gave to other processes.
//  2. event time: QApplication::notify() is timed for every event; the longest single event
//     (with its type and receiver), in wall time and in the GUI thread's CPU time: on a
//     loaded machine the wall time of an event includes waiting for a core, the CPU time is
//     the GUI thread's own work.
//  3. the longest timer gap split three ways: the GUI thread's own CPU time in it, the time it
//     spent runnable but waiting for a core (Linux /proc/thread-self/schedstat: the part no
//     code of ours can remove), and the rest, in which it slept or was blocked (e.g. on a
//     lock or a page fault); and when in the run it happened.
//  4. a control in the same run: a plain thread (no Qt, same priority as the GUI thread) that
//     only sleeps 1 ms at a time; its longest oversleep is what the machine itself adds to a
//     sleeping thread's wake-up (on a virtual machine the host may wake an idle vCPU late),
//     and `max_gap_busy_ms`, the most CPU plus run-queue time in any one gap, is the part
//     of a gap that the process caused or could shorten.
// `live_board_updates` counts the snapshots the live self-play board showed while measuring.
// Prints one JSON object.
#include <time.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>

#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QElapsedTimer>
#include <QMetaEnum>
#include <QTemporaryDir>
#include <QTimer>

#include "ui/app_setup.h"
#include "ui/facade/training_session.h"
#include "ui/pages/train_page.h"
#include "ui/train/live_game_view.h"
#include "ui/train/param_form.h"
#include "ui/train/train_charts.h"

namespace {

double threadCpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

// Nanoseconds this thread has waited on a run queue (0 where schedstat is unavailable).
double runQueueWaitMs() {
    FILE* f = std::fopen("/proc/thread-self/schedstat", "r");
    if (!f) return 0;
    unsigned long long run = 0, wait = 0;
    const int n = std::fscanf(f, "%llu %llu", &run, &wait);
    std::fclose(f);
    return n == 2 ? double(wait) / 1e6 : 0;
}

class TimedApp : public QApplication {
public:
    using QApplication::QApplication;
    bool notify(QObject* receiver, QEvent* e) override {
        const int depth = depth_++;
        QElapsedTimer t;
        t.start();
        const double cpu0 = depth == 0 ? threadCpuMs() : 0;
        const QEvent::Type type = e->type();
        QByteArray cls = receiver ? QByteArray(receiver->metaObject()->className()) : QByteArray("?");
        if (receiver && !receiver->objectName().isEmpty())
            cls += "(" + receiver->objectName().toUtf8() + ")";
        const bool r = QApplication::notify(receiver, e);
        --depth_;
        if (depth == 0 && measuring) {
            const double ms = double(t.nsecsElapsed()) / 1e6;
            const double cpu = threadCpuMs() - cpu0;
            if (cpu > maxEventCpuMs) {
                maxEventCpuMs = cpu;
                maxCpuEventReceiver = cls;
            }
            if (logSlowMs > 0 && ms > logSlowMs)
                std::fprintf(stderr, "slow event: %.1f ms wall, %.1f ms cpu, type %d, %s, at %.1f s\n", ms, cpu,
                             int(type), cls.constData(), double(since.nsecsElapsed()) / 1e9);
            if (ms > maxEventMs) {
                maxEventMs = ms;
                maxEventType = int(type);
                maxEventReceiver = cls;  // the receiver may be gone after the event
            }
            ++events;
        }
        return r;
    }
    bool measuring = false;
    double logSlowMs = 0;  // > 0: print every outermost event longer than this
    QElapsedTimer since;
    double maxEventMs = 0;
    int maxEventType = 0;
    QByteArray maxEventReceiver;
    double maxEventCpuMs = 0;
    QByteArray maxCpuEventReceiver;
    long long events = 0;

private:
    int depth_ = 0;  // only outermost events: nested ones are part of their parent's time
};

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    TimedApp app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("XQZeroTests"));
    xqui::initResources();
    QCommandLineParser cli;
    cli.addHelpOption();
    QCommandLineOption secs("seconds", "Seconds to measure (after the run starts).", "N", "120");
    QCommandLineOption dbOpt("db", "Database (default: a temporary one).", "FILE");
    QCommandLineOption set("set", "Override a parameter of the quick preset: name=value.", "KV");
    QCommandLineOption shot("screenshot", "Grab the page to FILE at the end of the measurement (the run still going).", "FILE");
    QCommandLineOption idle("idle", "Start no run: measure the baseline.");
    QCommandLineOption size("size", "The page's size (default 1280x820; the studio's default window holds a 1050x760 page).", "WxH", "1280x820");
    QCommandLineOption logSlow("log-slow", "Print every event longer than MS (wall) to stderr, with when it came.", "MS");
    cli.addOptions({secs, dbOpt, set, shot, idle, size, logSlow});
    cli.process(app);
    app.logSlowMs = cli.value(logSlow).toDouble();
    app.since.start();

    QTemporaryDir tmp;
    const QString db = cli.isSet(dbOpt) ? cli.value(dbOpt) : tmp.filePath("probe.db");
    xqui::TrainingSession session;
    xqui::TrainPage page(&session);
    const QStringList wh = cli.value(size).split(QLatin1Char('x'));
    page.resize(wh.value(0).toInt() > 0 ? wh.value(0).toInt() : 1280, wh.value(1).toInt() > 0 ? wh.value(1).toInt() : 820);
    page.setDatabase(db);
    page.form()->setPreset("quick");
    xq::train::TrainConfig cfg = page.form()->config();
    for (const QString& kv : cli.values(set)) {
        const auto parts = kv.split('=');
        const auto* p = parts.size() == 2 ? xq::train::findParam(parts[0].toStdString()) : nullptr;
        if (!p) {
            std::fprintf(stderr, "bad --set %s\n", qPrintable(kv));
            return 2;
        }
        xq::train::setParamText(cfg, *p, parts[1].toStdString());
    }
    page.form()->setConfig(cfg);
    page.setRunName(QStringLiteral("probe-%1").arg(QDateTime::currentSecsSinceEpoch()));
    page.show();
    app.processEvents();

    std::vector<double> gaps;
    QElapsedTimer clock;
    double lastTick = -1, lastWait = 0, lastCpu = 0, maxGap = -1, maxGapWait = 0, maxGapCpu = 0,
           maxGapAt = 0, maxBusy = 0;
    QTimer tick;
    tick.setObjectName(QStringLiteral("probeTick"));
    tick.setTimerType(Qt::PreciseTimer);
    tick.setInterval(1);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const double now = double(clock.nsecsElapsed()) / 1e6;
        const double wait = runQueueWaitMs();
        const double cpu = threadCpuMs();
        if (lastTick >= 0) {
            const double gap = now - lastTick - 1.0;
            gaps.push_back(gap);
            if (gap > maxGap) {
                maxGap = gap;
                maxGapWait = wait - lastWait;
                maxGapCpu = cpu - lastCpu;
                maxGapAt = now / 1e3;
            }
            maxBusy = std::max(maxBusy, (cpu - lastCpu) + (wait - lastWait));
        }
        lastTick = now;
        lastWait = wait;
        lastCpu = cpu;
    });

    const bool idleRun = cli.isSet(idle);
    if (!idleRun) page.startNew();
    if (!idleRun && !session.running()) {
        std::fprintf(stderr, "the run did not start\n");
        return 1;
    }
    std::atomic<bool> controlRuns{true};
    double controlMaxLate = 0;
    std::thread control([&] {
        while (controlRuns.load()) {
            timespec a{}, b{};
            clock_gettime(CLOCK_MONOTONIC, &a);
            const timespec d{0, 1'000'000};
            clock_nanosleep(CLOCK_MONOTONIC, 0, &d, nullptr);
            clock_gettime(CLOCK_MONOTONIC, &b);
            const double late =
                double(b.tv_sec - a.tv_sec) * 1e3 + double(b.tv_nsec - a.tv_nsec) / 1e6 - 1.0;
            controlMaxLate = std::max(controlMaxLate, late);
        }
    });
    clock.start();
    tick.start();
    app.measuring = true;
    QTimer::singleShot(cli.value(secs).toInt() * 1000, [&] {
        app.measuring = false;
        tick.stop();
        controlRuns.store(false);
        // Grabbed while the run still goes, so the live self-play board shows a game.
        if (cli.isSet(shot)) {
            page.charts()->flush();
            page.grab().save(cli.value(shot));
        }
        if (idleRun) app.quit();
        else session.stop();
    });
    QObject::connect(&session, &xqui::TrainingSession::finished, &app, &QCoreApplication::quit);
    // Snapshots the live board showed while measuring (it is reset by nothing before exit).
    int liveUpdates = 0;
    QObject::connect(&session, &xqui::TrainingSession::liveGame, [&] {
        if (app.measuring) liveUpdates = page.liveView()->updates();
    });
    app.exec();
    controlRuns.store(false);
    control.join();

    std::sort(gaps.begin(), gaps.end());
    auto pct = [&](double q) { return gaps.empty() ? 0.0 : gaps[size_t(q * double(gaps.size() - 1))]; };
    const auto last = session.lastProgress();
    std::printf(
        "{\"seconds\": %d, \"ticks\": %zu, \"max_timer_gap_ms\": %.2f, \"p99_timer_gap_ms\": %.2f, "
        "\"p999_timer_gap_ms\": %.2f, \"max_gap_runqueue_wait_ms\": %.2f, \"max_gap_cpu_ms\": %.2f, "
        "\"max_gap_other_ms\": %.2f, \"max_gap_at_s\": %.1f, \"max_gap_busy_ms\": %.2f, "
        "\"control_max_oversleep_ms\": %.2f, \"max_event_ms\": %.2f, \"max_event_type\": %d, \"max_event_receiver\": \"%s\", "
        "\"max_event_cpu_ms\": %.2f, \"max_cpu_event_receiver\": \"%s\", "
        "\"events\": %lld, \"games\": %lld, \"steps\": %lld, \"generation\": %d, \"loss_points\": %d, "
        "\"live_board_updates\": %d}\n",
        cli.value(secs).toInt(), gaps.size(), pct(1.0), pct(0.99), pct(0.999), maxGapWait, maxGapCpu,
        std::max(0.0, maxGap + 1.0 - maxGapWait - maxGapCpu), maxGapAt, maxBusy, controlMaxLate, app.maxEventMs, app.maxEventType,
        app.maxEventReceiver.constData(), app.maxEventCpuMs, app.maxCpuEventReceiver.constData(), app.events, (long long)last.games, (long long)last.step, last.generation,
        page.charts()->lossPointCount(), liveUpdates);
    return 0;
}
