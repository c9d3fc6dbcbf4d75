module github.com/dlxlab/dlxlab

go 1.26
