// The maximum-likelihood rating fit (core/train/rating_fit.h): recovery of known ratings from
// simulated games, the anchor, finite ratings for perfect scores, fixed players, bad input.
#include <QtTest>

#include <cmath>
#include <random>

#include "core/train/elo.h"
#include "core/train/rating_fit.h"

using namespace xq::train;

namespace {

// Simulates `games` games of a against b from their true ratings with a fixed-seed RNG. A
// draw has probability d = drawRate * 2 min(p, 1-p) and a win p - d/2, where p is the
// logistic score of the rating difference, so a's expected score is exactly p: the model the
// fit assumes, with draws in it.
PairResult simulate(const std::string& a, double ra, const std::string& b, double rb, int games,
                    double drawRate, std::mt19937_64& rng) {
    std::uniform_real_distribution<double> u(0, 1);
    const double p = scoreFromElo(ra - rb);
    const double d = drawRate * 2 * std::min(p, 1 - p);
    PairResult r{a, b};
    for (int g = 0; g < games; ++g) {
        const double x = u(rng);
        if (x < d) ++r.draws;
        else if (x < d + (p - d / 2)) ++r.winsA;
        else ++r.lossesA;
    }
    return r;
}

}  // namespace

class TestRatingFit : public QObject {
    Q_OBJECT
private slots:
    // Four players with known ratings, every pair 200 games: each fitted rating lies within
    // its 95% interval of the truth, and the intervals are of a plausible width.
    void recoversKnownRatings() {
        const std::vector<std::pair<std::string, double>> truth = {
            {"A", 0}, {"B", 150}, {"C", -200}, {"D", 400}};
        int covered = 0, total = 0;
        for (uint64_t seed : {1, 2, 3}) {
            std::mt19937_64 rng(seed);
            std::vector<PairResult> results;
            for (size_t i = 0; i < truth.size(); ++i)
                for (size_t j = i + 1; j < truth.size(); ++j)
                    results.push_back(simulate(truth[i].first, truth[i].second, truth[j].first,
                                               truth[j].second, 200, 0.3, rng));
            const RatingFit fit = fitRatings(results, anchoredAt("A"));
            QVERIFY(fit.converged);
            QCOMPARE(int(fit.players.size()), 4);
            for (const auto& [name, r] : truth) {
                const PlayerRating* p = fit.find(name);
                QVERIFY(p);
                QCOMPARE(p->games, 600);
                if (name == "A") continue;
                ++total;
                if (p->lo <= r && r <= p->hi) ++covered;
                // The estimate itself: within 3.5 standard errors, whatever the seed.
                QVERIFY2(std::abs(p->rating - r) < 3.5 * p->stderror,
                         qPrintable(QString("%1: fitted %2, true %3, se %4")
                                        .arg(name.c_str()).arg(p->rating).arg(r).arg(p->stderror)));
                QVERIFY2(p->stderror > 10 && p->stderror < 60, qPrintable(QString::number(p->stderror)));
            }
        }
        // Nine intervals at 95%: expect about 8.5; fewer than 7 means they are too narrow.
        QVERIFY2(covered >= 7, qPrintable(QString("%1 of %2 intervals covered").arg(covered).arg(total)));
    }

    // The fitted order and differences agree with a direct two-player computation: with one
    // pairing only and no prior, the ML rating is exactly eloFromScore(score).
    void twoPlayersMatchClosedForm() {
        RatingFitOptions o = anchoredAt("X", 100);
        o.priorDraws = 0;
        const RatingFit fit = fitRatings({{"Y", "X", 60, 20, 20}}, o);
        const PlayerRating* y = fit.find("Y");
        QVERIFY(y && fit.converged);
        QVERIFY(std::abs(y->rating - (100 + eloFromScore(0.7))) < 1e-4);
        QCOMPARE(y->score, 0.7);
        QCOMPARE(y->wins, 60);
        QCOMPARE(y->losses, 20);
        // Observed information of n games at p: n p (1-p) (ln10/400)^2.
        const double k = std::log(10.0) / 400;
        const double se = 1 / std::sqrt(100 * 0.7 * 0.3 * k * k);
        QVERIFY(std::abs(y->stderror - se) < 1e-3);
        QVERIFY(std::abs((y->hi - y->lo) / 2 - 1.959964 * se) < 1e-2);
    }

    void anchorStaysPut() {
        std::mt19937_64 rng(7);
        std::vector<PairResult> results = {simulate("anchor", 0, "p", 300, 100, 0.2, rng),
                                           simulate("p", 300, "q", -100, 100, 0.2, rng)};
        for (double at : {0.0, 250.0}) {
            const RatingFit fit = fitRatings(results, anchoredAt("anchor", at));
            const PlayerRating* a = fit.find("anchor");
            QVERIFY(a);
            QVERIFY(a->fixed);
            QCOMPARE(a->rating, at);
            QCOMPARE(a->lo, at);
            QCOMPARE(a->hi, at);
            QCOMPARE(a->stderror, 0.0);
            QCOMPARE(fit.players.front().name, std::string("anchor"));
            // Moving the anchor shifts everyone by the same amount.
            if (at == 250.0) {
                const RatingFit zero = fitRatings(results, anchoredAt("anchor", 0));
                QVERIFY(std::abs(fit.find("p")->rating - zero.find("p")->rating - 250) < 1e-4);
                QVERIFY(std::abs(fit.find("q")->rating - zero.find("q")->rating - 250) < 1e-4);
            }
        }
    }

    // A perfect score is finite thanks to the virtual draw, and equals the closed form of
    // (W + 1/2) / (W + 1) against the anchor; more wins push it higher.
    void perfectScoreIsFinite() {
        const RatingFit ten = fitRatings({{"p", "a", 10, 0, 0}}, anchoredAt("a"));
        const PlayerRating* p = ten.find("p");
        QVERIFY(p && ten.converged);
        QVERIFY(std::isfinite(p->rating) && std::isfinite(p->lo) && std::isfinite(p->hi));
        QVERIFY(std::abs(p->rating - eloFromScore(10.5 / 11)) < 1e-3);
        QVERIFY(p->lo < p->rating && p->rating < p->hi);
        QCOMPARE(p->score, 1.0);
        QCOMPARE(p->games, 10);  // the virtual draw is not a game
        const RatingFit forty = fitRatings({{"p", "a", 40, 0, 0}}, anchoredAt("a"));
        QVERIFY(forty.find("p")->rating > p->rating);
        // A zero score mirrors it.
        const RatingFit zero = fitRatings({{"p", "a", 0, 0, 10}}, anchoredAt("a"));
        QVERIFY(std::abs(zero.find("p")->rating + p->rating) < 1e-3);
        // Without the prior there is no maximum: the fit refuses or fails to converge.
        RatingFitOptions noPrior = anchoredAt("a");
        noPrior.priorDraws = 0;
        noPrior.maxIterations = 30;
        bool refused = false;
        try {
            refused = !fitRatings({{"p", "a", 10, 0, 0}}, noPrior).converged;
        } catch (const std::runtime_error&) {
            refused = true;
        }
        QVERIFY(refused);
    }

    // The ladder's use: many fixed players, one free. Against rungs whose constants are the
    // truth, the player's fit recovers its own rating.
    void fixedRungsOneFreePlayer() {
        std::mt19937_64 rng(11);
        const std::vector<std::pair<std::string, double>> rungs = {
            {"r0", -500}, {"r1", 0}, {"r2", 200}, {"r3", 450}, {"r4", 900}};
        RatingFitOptions o = anchoredAt("r1");
        std::vector<PairResult> results;
        for (const auto& [name, r] : rungs) {
            o.fixed[name] = r;
            results.push_back(simulate("me", 300, name, r, 60, 0.1, rng));
        }
        const RatingFit fit = fitRatings(results, o);
        QVERIFY(fit.converged);
        for (const auto& [name, r] : rungs) QCOMPARE(fit.find(name)->rating, r);
        const PlayerRating* me = fit.find("me");
        QVERIFY(me && !me->fixed);
        QCOMPARE(me->games, 300);
        QVERIFY2(me->lo <= 300 && 300 <= me->hi,
                 qPrintable(QString("%1 [%2, %3]").arg(me->rating).arg(me->lo).arg(me->hi)));
        QVERIFY(me->hi - me->lo < 200);
    }

    void badInput() {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, fitRatings({{"a", "a", 1, 0, 0}}, anchoredAt("a")));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, fitRatings({{"a", "b", -1, 0, 0}}, anchoredAt("a")));
        RatingFitOptions noAnchor;
        noAnchor.anchor = "a";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, fitRatings({{"a", "b", 1, 0, 0}}, noAnchor));
        RatingFitOptions inf = anchoredAt("a");
        inf.fixed["b"] = INFINITY;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, fitRatings({{"a", "b", 1, 0, 0}}, inf));
        // A free player with no games: only the prior places it, at the anchor.
        const RatingFit lone = fitRatings({{"p", "a", 0, 0, 0}}, anchoredAt("a"));
        QVERIFY(std::abs(lone.find("p")->rating) < 1e-9);
        QCOMPARE(lone.find("p")->games, 0);
    }
};

QTEST_APPLESS_MAIN(TestRatingFit)
#include "test_rating_fit.moc"
