// study
