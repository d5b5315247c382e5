"""Score sheets at the tables (Appendix 5): hands, closing, confirmations, signatures."""
