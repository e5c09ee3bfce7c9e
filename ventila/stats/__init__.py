"""Statistics of a body's docket (issue 18): each figure one aggregate query over indexed columns."""
