<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
    <context>
        <name>Board</name>
        <message>
            <location filename="../ui/board/piece_glyphs.cpp" line="92" />
            <source>Chu River</source>
            <translation>Chu River</translation>
        </message>
        <message>
            <location filename="../ui/board/piece_glyphs.cpp" line="96" />
            <source>Han Border</source>
            <translation>Han Border</translation>
        </message>
    </context>
    <context>
        <name>xqui::BoardWidget</name>
        <message>
            <location filename="../ui/board/board_widget.cpp" line="19" />
            <source>Xiangqi board</source>
            <translation>Xiangqi board</translation>
        </message>
    </context>
    <context>
        <name>xqui::MainWindow</name>
        <message>
            <location filename="../ui/main_window.cpp" line="32" />
            <source>XQZero Studio</source>
            <translation>XQZero Studio</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="38" />
            <source>Play</source>
            <translation>Play</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="38" />
            <location filename="../ui/main_window.cpp" line="51" />
            <source>Analyze</source>
            <translation>Analyze</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="38" />
            <source>Train</source>
            <translation>Train</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="38" />
            <location filename="../ui/main_window.cpp" line="60" />
            <source>Library</source>
            <translation>Library</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="52" />
            <source>Coming in the next release: set up any position and watch the network think — visit counts and win rates as a heatmap, the best lines as arrows.</source>
            <translation>Coming in the next release: set up any position and watch the network think — visit counts and win rates as a heatmap, the best lines as arrows.</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="61" />
            <source>Coming in the next release: every stored game and model, searchable, with replay on the board.</source>
            <translation>Coming in the next release: every stored game and model, searchable, with replay on the board.</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="74" />
            <location filename="../ui/main_window.cpp" line="79" />
            <source>Engine idle</source>
            <translation>Engine idle</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="79" />
            <source>Engine thinking</source>
            <translation>Engine thinking</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="83" />
            <location filename="../ui/main_window.cpp" line="246" />
            <source>Ready</source>
            <translation>Ready</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="89" />
            <source>&amp;Game</source>
            <translation>&amp;Game</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="90" />
            <source>&amp;New game</source>
            <translation>&amp;New game</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="93" />
            <source>&amp;Open PGN…</source>
            <translation>&amp;Open PGN…</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="95" />
            <source>&amp;Save PGN…</source>
            <translation>&amp;Save PGN…</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="98" />
            <source>&amp;Quit</source>
            <translation>&amp;Quit</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="102" />
            <source>&amp;Edit</source>
            <translation>&amp;Edit</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="103" />
            <source>&amp;Undo move</source>
            <translation>&amp;Undo move</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="106" />
            <source>&amp;Copy FEN</source>
            <translation>&amp;Copy FEN</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="108" />
            <source>&amp;Paste FEN</source>
            <translation>&amp;Paste FEN</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="111" />
            <source>&amp;Settings…</source>
            <translation>&amp;Settings…</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="115" />
            <source>&amp;View</source>
            <translation>&amp;View</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="116" />
            <source>&amp;Flip board</source>
            <translation>&amp;Flip board</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="118" />
            <source>Show &amp;coordinates</source>
            <translation>Show &amp;coordinates</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="123" />
            <source>&amp;Play</source>
            <translation>&amp;Play</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="123" />
            <source>&amp;Analyze</source>
            <translation>&amp;Analyze</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="123" />
            <source>&amp;Train</source>
            <translation>&amp;Train</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="123" />
            <source>&amp;Library</source>
            <translation>&amp;Library</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="128" />
            <source>&amp;Help</source>
            <translation>&amp;Help</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="129" />
            <source>&amp;About XQZero Studio</source>
            <translation>&amp;About XQZero Studio</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="143" />
            <location filename="../ui/main_window.cpp" line="149" />
            <location filename="../ui/main_window.cpp" line="154" />
            <source>Open PGN</source>
            <translation>Open PGN</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="144" />
            <source>PGN files (*.pgn);;All files (*)</source>
            <translation>PGN files (*.pgn);;All files (*)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="149" />
            <source>Cannot read %1: %2</source>
            <translation>Cannot read %1: %2</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="154" />
            <source>%1

File: %2</source>
            <translation>%1

File: %2</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="162" />
            <location filename="../ui/main_window.cpp" line="169" />
            <source>Save PGN</source>
            <translation>Save PGN</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="163" />
            <source>PGN files (*.pgn)</source>
            <translation>PGN files (*.pgn)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="169" />
            <source>Cannot write %1: %2</source>
            <translation>Cannot write %1: %2</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="172" />
            <source>Saved %1</source>
            <translation>Saved %1</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="177" />
            <source>FEN copied to the clipboard.</source>
            <translation>FEN copied to the clipboard.</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="194" />
            <source>About XQZero Studio</source>
            <translation>About XQZero Studio</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="195" />
            <source>&lt;h3&gt;XQZero Studio %1&lt;/h3&gt;&lt;p&gt;Play, analyse and train AlphaZero-style Xiangqi engines.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;XQZero Studio %1&lt;/h3&gt;&lt;p&gt;Play, analyse and train AlphaZero-style Xiangqi engines.&lt;/p&gt;</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="251" />
            <source>Cannot write the screenshot to %1</source>
            <translation>Cannot write the screenshot to %1</translation>
        </message>
    </context>
    <context>
        <name>xqui::ParamForm</name>
        <message>
            <location filename="../ui/train/param_form.cpp" line="42" />
            <source>Choosing a preset fills in all the values below; edit any of them afterwards.</source>
            <translation>Choosing a preset fills in all the values below; edit any of them afterwards.</translation>
        </message>
        <message>
            <location filename="../ui/train/param_form.cpp" line="43" />
            <source>Preset</source>
            <translation>Preset</translation>
        </message>
    </context>
    <context>
        <name>xqui::ParamTexts</name>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="21" />
            <source>Channels</source>
            <translation>Channels</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="21" />
            <source>Convolution channels of the residual trunk</source>
            <translation>Convolution channels of the residual trunk</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="22" />
            <source>Residual blocks</source>
            <translation>Residual blocks</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="22" />
            <source>Residual blocks in the trunk</source>
            <translation>Residual blocks in the trunk</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="23" />
            <source>Games per iteration</source>
            <translation>Games per iteration</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="23" />
            <source>Self-play games between two training phases</source>
            <translation>Self-play games between two training phases</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="24" />
            <source>Simulations</source>
            <translation>Simulations</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="24" />
            <source>MCTS simulations per self-play move</source>
            <translation>MCTS simulations per self-play move</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="25" />
            <source>Games in flight</source>
            <translation>Games in flight</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="25" />
            <source>Games searched at once per self-play thread (fills the network's batches)</source>
            <translation>Games searched at once per self-play thread (fills the network's batches)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="26" />
            <source>c_puct</source>
            <translation>c_puct</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="26" />
            <source>PUCT exploration constant</source>
            <translation>PUCT exploration constant</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="27" />
            <source>Dirichlet alpha</source>
            <translation>Dirichlet alpha</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="27" />
            <source>Root Dirichlet noise alpha</source>
            <translation>Root Dirichlet noise alpha</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="28" />
            <source>Dirichlet epsilon</source>
            <translation>Dirichlet epsilon</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="28" />
            <source>Weight of the root noise</source>
            <translation>Weight of the root noise</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="29" />
            <source>Temperature plies</source>
            <translation>Temperature plies</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="29" />
            <source>Plies played with temperature 1 before choosing greedily</source>
            <translation>Plies played with temperature 1 before choosing greedily</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="30" />
            <source>Random opening plies</source>
            <translation>Random opening plies</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="30" />
            <source>Uniformly random plies at the start of each game</source>
            <translation>Uniformly random plies at the start of each game</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="31" />
            <source>Resign threshold</source>
            <translation>Resign threshold</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="31" />
            <source>Resign when the root value stays below this</source>
            <translation>Resign when the root value stays below this</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="32" />
            <source>Resign moves</source>
            <translation>Resign moves</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="32" />
            <source>Consecutive own moves below the threshold before resigning (0 = never)</source>
            <translation>Consecutive own moves below the threshold before resigning (0 = never)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="33" />
            <source>Resign playout fraction</source>
            <translation>Resign playout fraction</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="33" />
            <source>Fraction of games played out despite resignation (measures false resignations)</source>
            <translation>Fraction of games played out despite resignation (measures false resignations)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="34" />
            <source>Maximum plies</source>
            <translation>Maximum plies</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="34" />
            <source>Length cap of a self-play game in plies</source>
            <translation>Length cap of a self-play game in plies</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="35" />
            <source>Adjudicate at the cap</source>
            <translation>Adjudicate at the cap</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="35" />
            <source>At the length cap, award the game on material instead of a draw</source>
            <translation>At the length cap, award the game on material instead of a draw</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="36" />
            <source>Buffer capacity</source>
            <translation>Buffer capacity</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="36" />
            <source>Replay buffer size in positions</source>
            <translation>Replay buffer size in positions</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="37" />
            <source>Batch size</source>
            <translation>Batch size</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="37" />
            <source>Positions per training step</source>
            <translation>Positions per training step</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="38" />
            <source>Steps per iteration</source>
            <translation>Steps per iteration</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="38" />
            <source>Training steps after each batch of self-play games</source>
            <translation>Training steps after each batch of self-play games</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="39" />
            <source>Learning rate</source>
            <translation>Learning rate</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="39" />
            <source>Adam learning rate</source>
            <translation>Adam learning rate</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="40" />
            <source>LR schedule</source>
            <translation>LR schedule</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="40" />
            <source>Learning-rate schedule: 0 constant, 1 cosine, 2 step</source>
            <translation>Learning-rate schedule: 0 constant, 1 cosine, 2 step</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="41" />
            <source>LR decay steps</source>
            <translation>LR decay steps</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="41" />
            <source>Steps over which the schedule decays</source>
            <translation>Steps over which the schedule decays</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="42" />
            <source>Weight decay</source>
            <translation>Weight decay</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="42" />
            <source>L2 regularisation</source>
            <translation>L2 regularisation</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="43" />
            <source>Gradient clip</source>
            <translation>Gradient clip</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="43" />
            <source>Gradient norm clip (0 = off)</source>
            <translation>Gradient norm clip (0 = off)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="44" />
            <source>Minimum buffer</source>
            <translation>Minimum buffer</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="44" />
            <source>Positions needed in the buffer before training starts</source>
            <translation>Positions needed in the buffer before training starts</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="45" />
            <source>Evaluation games</source>
            <translation>Evaluation games</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="45" />
            <source>Gating games, candidate against the best (half as Red); 0 = accept every candidate</source>
            <translation>Gating games, candidate against the best (half as Red); 0 = accept every candidate</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="46" />
            <source>Evaluation simulations</source>
            <translation>Evaluation simulations</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="46" />
            <source>MCTS simulations per move in gating games</source>
            <translation>MCTS simulations per move in gating games</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="47" />
            <source>Gate threshold</source>
            <translation>Gate threshold</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="47" />
            <source>Score the candidate needs to become the best</source>
            <translation>Score the candidate needs to become the best</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="48" />
            <source>Search threads</source>
            <translation>Search threads</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="48" />
            <source>Self-play search threads</source>
            <translation>Self-play search threads</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="49" />
            <source>Inference threads</source>
            <translation>Inference threads</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="49" />
            <source>Intra-op threads of the network's inference thread</source>
            <translation>Intra-op threads of the network's inference thread</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="50" />
            <source>Seed</source>
            <translation>Seed</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="50" />
            <source>Random seed of the run</source>
            <translation>Random seed of the run</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="54" />
            <source>Network</source>
            <translation>Network</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="55" />
            <source>Self-play</source>
            <translation>Self-play</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="56" />
            <source>Training</source>
            <translation>Training</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="57" />
            <source>Evaluation</source>
            <translation>Evaluation</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="58" />
            <source>Machine</source>
            <translation>Machine</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="62" />
            <source>Quick (64×3, minutes per iteration)</source>
            <translation>Quick (64×3, minutes per iteration)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="63" />
            <source>Standard (128×6)</source>
            <translation>Standard (128×6)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="64" />
            <source>Full (256×10)</source>
            <translation>Full (256×10)</translation>
        </message>
    </context>
    <context>
        <name>xqui::PlayPage</name>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="35" />
            <source>Game</source>
            <translation>Game</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="37" />
            <source>Red (moves first)</source>
            <translation>Red (moves first)</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="38" />
            <location filename="../ui/pages/play_page.cpp" line="96" />
            <location filename="../ui/pages/play_page.cpp" line="159" />
            <source>Black</source>
            <translation>Black</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="43" />
            <source>Play as:</source>
            <translation>Play as:</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="44" />
            <source>Level:</source>
            <translation>Level:</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="46" />
            <source>New game</source>
            <translation>New game</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="47" />
            <source>Undo</source>
            <translation>Undo</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="48" />
            <source>Hint</source>
            <translation>Hint</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="49" />
            <source>Resign</source>
            <translation>Resign</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="50" />
            <source>Flip board</source>
            <translation>Flip board</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="51" />
            <source>Take back the computer's move and yours</source>
            <translation>Take back the computer's move and yours</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="52" />
            <source>Show the engine's suggestion as an arrow</source>
            <translation>Show the engine's suggestion as an arrow</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="69" />
            <source>Move now</source>
            <translation>Move now</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="70" />
            <source>Let the computer play its best move found so far</source>
            <translation>Let the computer play its best move found so far</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="88" />
            <source>Chinese</source>
            <translation>Chinese</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="89" />
            <source>WXF</source>
            <translation>WXF</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="90" />
            <source>ICCS</source>
            <translation>ICCS</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="92" />
            <source>Moves:</source>
            <translation>Moves:</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="96" />
            <location filename="../ui/pages/play_page.cpp" line="159" />
            <source>Red</source>
            <translation>Red</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="158" />
            <source>New game: you play %1 against %2.</source>
            <translation>New game: you play %1 against %2.</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="165" />
            <source>This FEN was not loaded, the game is unchanged: %1</source>
            <translation>This FEN was not loaded, the game is unchanged: %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="175" />
            <source>Position set from FEN.</source>
            <translation>Position set from FEN.</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="182" />
            <source>Not a readable Xiangqi PGN, the game is unchanged: %1</source>
            <translation>Not a readable Xiangqi PGN, the game is unchanged: %1</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/pages/play_page.cpp" line="199" />
            <source>Loaded a game of %n move(s).</source>
            <translation>
                <numerusform>Loaded a game of %n move.</numerusform>
                <numerusform>Loaded a game of %n moves.</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="205" />
            <source>Computer (%1)</source>
            <translation>Computer (%1)</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="206" />
            <source>XQZero Studio game</source>
            <translation>XQZero Studio game</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="208" />
            <location filename="../ui/pages/play_page.cpp" line="209" />
            <source>Human</source>
            <translation>Human</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="248" />
            <source>Looking for a hint…</source>
            <translation>Looking for a hint…</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="304" />
            <source>Draw</source>
            <translation>Draw</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="305" />
            <source>Red wins</source>
            <translation>Red wins</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="305" />
            <source>Black wins</source>
            <translation>Black wins</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="306" />
            <source>%1 — %2</source>
            <translation>%1 — %2</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="326" />
            <source>%1 is thinking…</source>
            <translation>%1 is thinking…</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="333" />
            <source>No hint: %1</source>
            <translation>No hint: %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="336" />
            <source>Hint: %1</source>
            <translation>Hint: %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="345" />
            <source>The computer could not move: %1</source>
            <translation>The computer could not move: %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="352" />
            <source>The computer returned no legal move.</source>
            <translation>The computer returned no legal move.</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="361" />
            <source>mate in %1</source>
            <translation>mate in %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="362" />
            <source>Thinking… depth %1, score %2, %3 nodes</source>
            <translation>Thinking… depth %1, score %2, %3 nodes</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="420" />
            <source>checkmate</source>
            <translation>checkmate</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="421" />
            <source>no legal move (stalemate loses)</source>
            <translation>no legal move (stalemate loses)</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="422" />
            <source>perpetual check loses</source>
            <translation>perpetual check loses</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="423" />
            <source>threefold repetition</source>
            <translation>threefold repetition</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="424" />
            <source>60-move rule (120 plies without a capture)</source>
            <translation>60-move rule (120 plies without a capture)</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="425" />
            <source>neither side can attack</source>
            <translation>neither side can attack</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="426" />
            <source>game length limit</source>
            <translation>game length limit</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="427" />
            <source>resignation</source>
            <translation>resignation</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="428" />
            <source>adjudication</source>
            <translation>adjudication</translation>
        </message>
    </context>
    <context>
        <name>xqui::SettingsDialog</name>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="14" />
            <source>Settings</source>
            <translation>Settings</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="17" />
            <source>System language</source>
            <translation>System language</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="22" />
            <source>Chinese (炮二平五)</source>
            <translation>Chinese (炮二平五)</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="23" />
            <source>WXF (C2.5)</source>
            <translation>WXF (C2.5)</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="24" />
            <source>ICCS (h2e2)</source>
            <translation>ICCS (h2e2)</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="26" />
            <source>Show coordinates around the board</source>
            <translation>Show coordinates around the board</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="30" />
            <source>Language:</source>
            <translation>Language:</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="31" />
            <source>A new language takes effect after a restart.</source>
            <translation>A new language takes effect after a restart.</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="32" />
            <source>Move notation:</source>
            <translation>Move notation:</translation>
        </message>
    </context>
    <context>
        <name>xqui::StudioFacade</name>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="127" />
            <source>Random</source>
            <translation>Random</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="128" />
            <source>Beginner</source>
            <translation>Beginner</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="129" />
            <source>Amateur</source>
            <translation>Amateur</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="130" />
            <source>Advanced</source>
            <translation>Advanced</translation>
        </message>
    </context>
    <context>
        <name>xqui::TrainCharts</name>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="26" />
            <source>Loss</source>
            <translation>Loss</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="26" />
            <source>training step</source>
            <translation>training step</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="26" />
            <source>policy / total loss</source>
            <translation>policy / total loss</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="29" />
            <source>value loss</source>
            <translation>value loss</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="30" />
            <source>policy</source>
            <translation>policy</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="30" />
            <source>value</source>
            <translation>value</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="30" />
            <source>total</source>
            <translation>total</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="46" />
            <source>Elo</source>
            <translation>Elo</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="46" />
            <source>generation</source>
            <translation>generation</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="46" />
            <source>Elo vs generation 0</source>
            <translation>Elo vs generation 0</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="55" />
            <source>Self-play speed</source>
            <translation>Self-play speed</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="55" />
            <source>time</source>
            <translation>time</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="55" />
            <source>games per hour</source>
            <translation>games per hour</translation>
        </message>
    </context>
    <context>
        <name>xqui::TrainPage</name>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="71" />
            <location filename="../ui/pages/train_page.cpp" line="72" />
            <source>Training failed: %1</source>
            <translation>Training failed: %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="97" />
            <source>Run</source>
            <translation>Run</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="102" />
            <source>Choose…</source>
            <translation>Choose…</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="103" />
            <source>Choose or create the database the runs are stored in.</source>
            <translation>Choose or create the database the runs are stored in.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="108" />
            <source>Database</source>
            <translation>Database</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="111" />
            <source>Name of the new run (unique in the database); its models go to models/&lt;name&gt; next to the database.</source>
            <translation>Name of the new run (unique in the database); its models go to models/&lt;name&gt; next to the database.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="113" />
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="117" />
            <source>Earlier run</source>
            <translation>Earlier run</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="117" />
            <source>Preset</source>
            <translation>Preset</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="117" />
            <source>Gen.</source>
            <translation>Gen.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="117" />
            <source>Steps</source>
            <translation>Steps</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="117" />
            <source>Created</source>
            <translation>Created</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="128" />
            <source>Continue run</source>
            <translation>Continue run</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="130" />
            <source>Resume the selected run from its last checkpoint, with its stored settings.</source>
            <translation>Resume the selected run from its last checkpoint, with its stored settings.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="132" />
            <source>Refresh</source>
            <translation>Refresh</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="141" />
            <source>Settings for a new run</source>
            <translation>Settings for a new run</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="163" />
            <source>Start</source>
            <translation>Start</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="165" />
            <source>Start a new run with the name and settings on the left.</source>
            <translation>Start a new run with the name and settings on the left.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="166" />
            <source>Pause</source>
            <translation>Pause</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="168" />
            <source>Hold after the moves in flight; nothing is lost.</source>
            <translation>Hold after the moves in flight; nothing is lost.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="169" />
            <source>Resume</source>
            <translation>Resume</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="171" />
            <source>Stop</source>
            <translation>Stop</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="173" />
            <source>Stop at the next checkpoint; the run can be continued later.</source>
            <translation>Stop at the next checkpoint; the run can be continued later.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="176" />
            <source>Reset zoom</source>
            <translation>Reset zoom</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="177" />
            <source>Show all the data again after zooming or panning a chart (drag pans, the wheel zooms).</source>
            <translation>Show all the data again after zooming or panning a chart (drag pans, the wheel zooms).</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="195" />
            <source>Events of the training loop appear here.</source>
            <translation>Events of the training loop appear here.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="222" />
            <source>Training database</source>
            <translation>Training database</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="223" />
            <source>XQZero databases (*.db);;All files (*)</source>
            <translation>XQZero databases (*.db);;All files (*)</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="248" />
            <source>Cannot read the runs of %1: %2</source>
            <translation>Cannot read the runs of %1: %2</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="296" />
            <source>Cannot read the history of run %1: %2</source>
            <translation>Cannot read the history of run %1: %2</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="322" />
            <source>Train</source>
            <translation>Train</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="323" />
            <source>A run named %1 already exists in this database. Choose another name, or select it in the list and press Continue run.</source>
            <translation>A run named %1 already exists in this database. Choose another name, or select it in the list and press Continue run.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="357" />
            <source>Continuing run %1.</source>
            <translation>Continuing run %1.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="357" />
            <source>Starting run %1 (%2 preset).</source>
            <translation>Starting run %1 (%2 preset).</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="376" />
            <source>Paused; training holds after the moves in flight.</source>
            <translation>Paused; training holds after the moves in flight.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="377" />
            <source>Stopping at the next checkpoint…</source>
            <translation>Stopping at the next checkpoint…</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="423" />
            <source>Run %1 ended.</source>
            <translation>Run %1 ended.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="435" />
            <source>Training stopped.</source>
            <translation>Training stopped.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="454" />
            <source>Training is running</source>
            <translation>Training is running</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="455" />
            <source>Run %1 is training. Stop it at the next checkpoint and close the studio?

Nothing is lost: the run can be continued later.</source>
            <translation>Run %1 is training. Stop it at the next checkpoint and close the studio?

Nothing is lost: the run can be continued later.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="463" />
            <source>Stopping training at the next checkpoint, then closing…</source>
            <translation>Stopping training at the next checkpoint, then closing…</translation>
        </message>
    </context>
    <context>
        <name>xqui::TrainStatus</name>
        <message>
            <location filename="../ui/train/train_status.cpp" line="56" />
            <source>Generation</source>
            <translation>Generation</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="56" />
            <source>Games</source>
            <translation>Games</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="56" />
            <source>Games/hour</source>
            <translation>Games/hour</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="57" />
            <source>Positions/s</source>
            <translation>Positions/s</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="57" />
            <source>Step</source>
            <translation>Step</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="57" />
            <source>Samples/s</source>
            <translation>Samples/s</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="66" />
            <source>Buffer:</source>
            <translation>Buffer:</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="68" />
            <source>Stage:</source>
            <translation>Stage:</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="70" />
            <source>ETA:</source>
            <translation>ETA:</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="79" />
            <source>empty</source>
            <translation>empty</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="92" />
            <source>%1 of %2 positions</source>
            <translation>%1 of %2 positions</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="95" />
            <source>%1 / %2 self-play games</source>
            <translation>%1 / %2 self-play games</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="96" />
            <source>%1 / %2 training steps</source>
            <translation>%1 / %2 training steps</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="97" />
            <source>%1 / %2 evaluation games</source>
            <translation>%1 / %2 evaluation games</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="98" />
            <source>%1 / %2</source>
            <translation>%1 / %2</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="107" />
            <source>%1 s</source>
            <translation>%1 s</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="109" />
            <source>%1 min</source>
            <translation>%1 min</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="110" />
            <source>%1 h %2 min</source>
            <translation>%1 h %2 min</translation>
        </message>
    </context>
    <context>
        <name>xqui::TrainingSession</name>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="160" />
            <source>idle</source>
            <translation>idle</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="161" />
            <source>self-play</source>
            <translation>self-play</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="162" />
            <source>training</source>
            <translation>training</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="163" />
            <source>evaluating</source>
            <translation>evaluating</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="164" />
            <source>paused</source>
            <translation>paused</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="165" />
            <source>stopping</source>
            <translation>stopping</translation>
        </message>
    </context>
</TS>
