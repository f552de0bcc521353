# SPDX-License-Identifier: GPL-2.0
# The ratio chart of make bench: speed of our best variant over the best
# Linux 6.1 in-tree variant, and ours over in-tree with AVX2 only; whole
# messages without AES-NI are the bars named -noaesni.
#   gnuplot -e "dat='build/bench.dat'; out='build/bench.png'" bench-chart.gp
set terminal pngcairo size 1300,560 font "sans,10"
set output out
set title "adiantum-x86 over Linux 6.1 in-tree cores (speed ratio, same run)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set ylabel "speed ratio (>1: ours faster)"
set yrange [0:*]
set xtics rotate by -40 scale 0
set grid ytics
set key outside top center horizontal
set rmargin 22
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "black"
plot dat using 2:xtic(1) title "best ours / best in-tree", \
     '' using 3 title "AVX2 ours / AVX2 in-tree"
