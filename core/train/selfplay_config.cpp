#include "core/train/selfplay_config.h"

namespace xq::train {

namespace {
search::MctsParams mctsFrom(const TrainConfig& c) {
    search::MctsParams p;
    p.cPuct = float(c.cPuct);
    p.kind = c.search == 1 ? search::MctsParams::Kind::Gumbel : search::MctsParams::Kind::Puct;
    p.gumbelConsidered = c.gumbelConsidered;
    p.gumbelCScale = float(c.gumbelCScale);
    p.dirichletAlpha = float(c.dirichletAlpha);
    p.dirichletEpsilon = float(c.dirichletEpsilon);
    p.forcedPlayoutK = float(c.forcedPlayouts);
    p.temperaturePlies = c.temperaturePlies;
    p.temperature = 1.0f;
    p.batchSize = 1;  // MultiSearch gathers one leaf per game: no virtual loss needed
    p.threads = 1;
    p.rules.lengthCap = c.maxPlies;
    p.mateSearchMoves = c.mateSearch;
    p.leafMateSearchMoves = c.leafMateSearch;
    p.seed = uint64_t(c.seed);
    return p;
}
}  // namespace

SelfPlayOptions selfPlayOptionsFrom(const TrainConfig& c) {
    SelfPlayOptions o;
    o.mcts = mctsFrom(c);
    o.mcts.addNoise = true;
    o.simulations = c.simulations;
    o.countReusedVisits = c.countReusedVisits;
    o.gamesInFlight = c.gamesInFlight;
    o.threads = c.threads;
    o.randomOpeningPlies = c.randomOpeningPlies;
    o.fullSearchFraction = float(c.fullSearchFraction);
    o.fastSimulations = c.fastSimulations;
    o.unsettledExtra = float(c.unsettledExtra);
    o.unsettledValueChange = float(c.unsettledValueChange);
    o.resignThreshold = float(c.resignThreshold);
    o.resignMoves = c.resignMoves;
    o.resignPlayoutFraction = float(c.resignPlayoutFraction);
    o.maxPlies = c.maxPlies;
    o.adjudicate = c.adjudicate;
    o.seed = uint64_t(c.seed);
    return o;
}

ArenaOptions arenaOptionsFrom(const TrainConfig& c) {
    ArenaOptions o;
    o.mcts = mctsFrom(c);
    o.mcts.addNoise = false;
    o.mcts.temperaturePlies = 0;
    o.mcts.kind = search::MctsParams::Kind::Puct;  // candidates are judged as the ladder judges
    o.games = c.evalGames;
    o.simulations = c.evalSimulations;
    o.maxPlies = c.maxPlies;
    o.adjudicate = c.adjudicate;
    o.seed = uint64_t(c.seed) + 1;
    return o;
}

void configureBuffer(ReplayBuffer& b, const TrainConfig& c) {
    b.setAdjudicationValue(float(c.adjudicationValue));
    b.setMaterialTarget(float(c.materialTargetWeight), c.materialTargetPlies,
                        c.materialTargetResolved);
    b.setSearchValueWeight(float(c.valueTargetSearch));
    b.setSurpriseWeight(float(c.policySurprise));
    b.setLegalMasks(c.policyLegalOnly);
}

}  // namespace xq::train
